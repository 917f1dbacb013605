/**
 * The backup folder, for the Settings dialog: its status, set or cleared
 * (the server checks the folder as `plant-store config set backup.dir` does),
 * and a backup into it on demand. Only the owner's session may change it; any
 * other gets the server's 403 as `error`.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { BackupFolderStatus, BackupMade } from '#shared/import-export'
import { api } from '#renderer/api'
import { useBusyTask } from '#renderer/stores/busy-task'

export const useBackupFolderStore = defineStore('backup-folder', () => {
  const status = ref<BackupFolderStatus | null>(null)
  /** `error`: why the last request failed, as the server said it. */
  const { busy, error, run } = useBusyTask()

  async function load(): Promise<void> {
    status.value = (await run(() => api().backupStatus())) ?? status.value
  }

  /** Sets the folder (a full path) or clears it (null); false when the server refused it (`error` says why). */
  async function change(dir: string | null): Promise<boolean> {
    const next = await run(() => api().setBackupFolder(dir))
    if (next) status.value = next
    return next !== undefined
  }

  /** Backs up into the folder now; resolves with what was written, or undefined (`error` says why). */
  async function backUpNow(): Promise<BackupMade | undefined> {
    const made = await run(() => api().backUpToFolder())
    if (made) await load()
    return made
  }

  /** The folder's status as the server has it now, for the header's line; touches neither `status` nor `error`. */
  function currentStatus(): Promise<BackupFolderStatus> {
    return api().backupStatus()
  }

  return { status, busy, error, load, change, backUpNow, currentStatus }
})
