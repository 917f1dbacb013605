/**
 * Export and import in the UI: download the catalogue as a file (the native
 * Save dialog in the desktop app), preview a file by a dry run with the column
 * mapping the server proposes, change the mapping (each change previews
 * again), then apply it with those choices (all or nothing). The server does
 * the work; this store keeps the chosen file, the choices and the preview.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { exportFileName, formatOfFileName, TRANSFER_MEDIA_TYPES, type ImportSummary, type TransferFormat } from '#shared/import-export'
import type { ImportChoices } from '#shared/import-mapping'
import type { PlantStatus } from '#shared/plant'
import { api } from '#renderer/api'
import { desktopFiles } from '#renderer/desktop-files'
import { useBusyTask } from '#renderer/stores/busy-task'
import { useShopStore } from '#renderer/stores/shop'

/** The format of a chosen file: by its name (.json, .xlsx), else by its type, CSV otherwise. */
export function formatOfFile(file: File): TransferFormat {
  const byName = formatOfFileName(file.name)
  if (byName !== 'csv') return byName
  return file.type === TRANSFER_MEDIA_TYPES.json ? 'json' : file.type === TRANSFER_MEDIA_TYPES.xlsx ? 'xlsx' : 'csv'
}

export const useTransferStore = defineStore('transfer', () => {
  const file = ref<File | null>(null)
  const preview = ref<ImportSummary | null>(null)
  /** The mapping's choices made so far in the mapping step (none: the server's proposal, or what it remembers). */
  const choices = ref<ImportChoices>({})
  /** `error`: why the last request failed, as the server said it. */
  const { busy, error, run } = useBusyTask()
  const shop = useShopStore()

  /**
   * Exports the catalogue (all plants, or those in `statuses`): in the desktop app through the native Save
   * dialog, resolving with the path written (null when cancelled; throws when it could not be written);
   * in a browser as a download, resolving undefined.
   */
  async function download(format: TransferFormat, statuses: PlantStatus[] = []): Promise<string | null | undefined> {
    const blob = await api().exportPlants(format, statuses)
    const native = desktopFiles()
    if (native) {
      const saved = await native.saveFile(exportFileName(format, shop.timeZone), new Uint8Array(await blob.arrayBuffer()))
      if (saved && 'error' in saved) throw new Error(saved.error)
      return saved?.path ?? null
    }
    const link = document.createElement('a')
    link.href = URL.createObjectURL(blob)
    link.download = exportFileName(format, shop.timeZone)
    link.click()
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
    return undefined
  }

  /** Chooses `next` and previews its import with the mapping the server proposes (a dry run: nothing changes). */
  async function choose(next: File): Promise<void> {
    file.value = next
    preview.value = null
    choices.value = {}
    preview.value =
      (await run(async () => {
        // The bytes as previewed are the bytes applied: a browser's File reads the disk again, so a sheet saved
        // in between would import something else, or (Chromium) fail as if the server were down.
        const snapshot = new File([await next.arrayBuffer()], next.name, { type: next.type })
        file.value = snapshot
        return api().importPlants(snapshot, formatOfFile(snapshot), true)
      })) ?? null
  }

  /** Changes the mapping (`change` over the choices in effect) and previews again. */
  async function remap(change: ImportChoices): Promise<void> {
    const chosen = file.value
    if (!chosen) return
    choices.value = { ...(preview.value?.mapping?.choices ?? {}), ...choices.value, ...change }
    const next = await run(() => api().importPlants(chosen, formatOfFile(chosen), true, { choices: choices.value }))
    if (next) preview.value = next
  }

  /** Desktop app: picks a file in the native Open dialog and previews it; nothing happens when cancelled. */
  async function chooseNative(): Promise<void> {
    const opened = await desktopFiles()?.openFile()
    if (!opened) return
    if ('error' in opened) {
      error.value = opened.error
      return
    }
    const type = TRANSFER_MEDIA_TYPES[formatOfFileName(opened.name)]
    await choose(new File([opened.data as Uint8Array<ArrayBuffer>], opened.name, { type }))
  }

  /** Applies the chosen file; resolves with the summary, or undefined when it was refused (the preview then shows why). */
  async function apply(): Promise<ImportSummary | undefined> {
    const chosen = file.value
    if (!chosen) return undefined
    // The choices in effect go with it, so the server remembers them for the next sheet of this shape.
    const inEffect = preview.value?.mapping?.choices ?? choices.value
    return run(() => api().importPlants(chosen, formatOfFile(chosen), false, { choices: inEffect }))
  }

  function reset(): void {
    file.value = null
    preview.value = null
    choices.value = {}
    error.value = null
  }

  return { file, preview, choices, busy, error, download, choose, remap, chooseNative, apply, reset }
})
