/**
 * Export and import in the UI: download the catalogue as a file, preview a
 * file by a dry run, then apply it (all or nothing). The server does the work;
 * this store keeps the chosen file and the preview between the two steps.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { exportFileName, type ImportSummary, type TransferFormat } from '#shared/import-export'
import type { PlantStatus } from '#shared/plant'
import { api } from '#renderer/api'
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

  /** Downloads the catalogue (all plants, or those in `statuses`) as a file. */
  async function download(format: TransferFormat, statuses: PlantStatus[] = []): Promise<void> {
    const blob = await api().exportPlants(format, statuses)
    const link = document.createElement('a')
    link.href = URL.createObjectURL(blob)
    link.download = exportFileName(format)
    link.click()
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
  }

  /** Chooses `next` and previews its import (a dry run: nothing changes). */
  async function choose(next: File): Promise<void> {
    file.value = next
    preview.value = null
    preview.value = (await run(() => api().importPlants(next, formatOfFile(next), true))) ?? null
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

  return { file, preview, busy, error, download, choose, apply, reset }
})
