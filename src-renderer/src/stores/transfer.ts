/**
 * Export and import in the UI: download the catalogue as a file (the native
 * Save dialog in the desktop app), preview a file by a dry run, then apply it
 * (all or nothing). The server does the work;
 * this store keeps the chosen file and the preview between the two steps.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { exportFileName, type ImportSummary, type TransferFormat } from '#shared/import-export'
import type { PlantStatus } from '#shared/plant'
import { api } from '#renderer/api'
import { desktopFiles } from '#renderer/desktop-files'
import { useBusyTask } from '#renderer/stores/busy-task'

/** The format of a chosen file: JSON by its name or type, CSV otherwise. */
export function formatOfFile(file: File): TransferFormat {
  return file.name.toLowerCase().endsWith('.json') || file.type === 'application/json' ? 'json' : 'csv'
}

export const useTransferStore = defineStore('transfer', () => {
  const file = ref<File | null>(null)
  const preview = ref<ImportSummary | null>(null)
  /** `error`: why the last request failed, as the server said it. */
  const { busy, error, run } = useBusyTask()

  /**
   * Exports the catalogue (all plants, or those in `statuses`): in the desktop app through the native Save
   * dialog, resolving with the path written (null when cancelled; throws when it could not be written);
   * in a browser as a download, resolving undefined.
   */
  async function download(format: TransferFormat, statuses: PlantStatus[] = []): Promise<string | null | undefined> {
    const blob = await api().exportPlants(format, statuses)
    const native = desktopFiles()
    if (native) {
      const saved = await native.saveFile(exportFileName(format), new Uint8Array(await blob.arrayBuffer()))
      if (saved && 'error' in saved) throw new Error(saved.error)
      return saved?.path ?? null
    }
    const link = document.createElement('a')
    link.href = URL.createObjectURL(blob)
    link.download = exportFileName(format)
    link.click()
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
    return undefined
  }

  /** Chooses `next` and previews its import (a dry run: nothing changes). */
  async function choose(next: File): Promise<void> {
    file.value = next
    preview.value = null
    preview.value =
      (await run(async () => {
        // The bytes as previewed are the bytes applied: a browser's File reads the disk again, so a sheet saved
        // in between would import something else, or (Chromium) fail as if the server were down.
        const snapshot = new File([await next.arrayBuffer()], next.name, { type: next.type })
        file.value = snapshot
        return api().importPlants(snapshot, formatOfFile(snapshot), true)
      })) ?? null
  }

  /** Desktop app: picks a file in the native Open dialog and previews it; nothing happens when cancelled. */
  async function chooseNative(): Promise<void> {
    const opened = await desktopFiles()?.openFile()
    if (!opened) return
    if ('error' in opened) {
      error.value = opened.error
      return
    }
    const type = opened.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv'
    await choose(new File([opened.data as Uint8Array<ArrayBuffer>], opened.name, { type }))
  }

  /** Applies the chosen file; resolves with the summary, or undefined when it was refused (the preview then shows why). */
  async function apply(): Promise<ImportSummary | undefined> {
    const chosen = file.value
    if (!chosen) return undefined
    return run(() => api().importPlants(chosen, formatOfFile(chosen), false))
  }

  function reset(): void {
    file.value = null
    preview.value = null
    error.value = null
  }

  return { file, preview, busy, error, download, choose, chooseNative, apply, reset }
})
