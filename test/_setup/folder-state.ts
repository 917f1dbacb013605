/** What a folder holds, to prove a command wrote nothing there. */
import { createHash } from 'node:crypto'
import { readFile, readdir, stat } from 'node:fs/promises'
import path from 'node:path'

/** Every file and folder under `dir` with its size, modification time and digest: equal states mean nothing was written. */
export async function folderState(dir: string): Promise<Record<string, string>> {
  const state: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name)
    const info = await stat(file)
    const digest = entry.isFile()
      ? createHash('sha256')
          .update(await readFile(file))
          .digest('hex')
      : 'folder'
    state[path.relative(dir, file)] = `${info.size} ${info.mtimeMs} ${digest}`
  }
  return state
}
