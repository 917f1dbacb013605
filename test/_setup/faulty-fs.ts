/** A file system for the store that fails on command, to test ENOSPC, EIO and friends without a full disk. */
import * as fsp from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import type { FileSystem } from '#lib/durable-file'

/** Switches for {@link faultyFs}: while `failWith` is set, every write or fsync fails with that code. */
export interface Faults {
  failWith: string | undefined
  /** When set, only these operations fail (e.g. ['datasync', 'truncate']: the bytes land, the flush does not). */
  only?: string[]
  /** Writes (journal appends and file writes) that reached the disk. */
  writes: number
}

function fault(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected fault`), { code })
}

/** Wraps a real handle so that writes and syncs obey `faults`. */
function faultyHandle(handle: FileHandle, faults: Faults): FileHandle {
  return new Proxy(handle, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (property === 'write' || property === 'sync' || property === 'datasync' || property === 'writeFile' || property === 'truncate') {
        return async (...args: unknown[]) => {
          if (faults.failWith && (!faults.only || faults.only.includes(property))) throw fault(faults.failWith)
          const result = await (value as (...a: unknown[]) => unknown).apply(target, args)
          if (property === 'write') faults.writes++
          return result
        }
      }
      return typeof value === 'function' ? value.bind(target) : value
    }
  })
}

/** A real file system whose writes fail while `faults.failWith` is set. */
export function faultyFs(): { fs: FileSystem; faults: Faults } {
  const faults: Faults = { failWith: undefined, writes: 0 }
  const fs: FileSystem = {
    open: (async (...args: Parameters<typeof fsp.open>) => faultyHandle(await fsp.open(...args), faults)) as typeof fsp.open,
    rename: async (from, to) => {
      if (faults.failWith && (!faults.only || faults.only.includes('rename'))) throw fault(faults.failWith)
      return fsp.rename(from, to)
    },
    readFile: (file, encoding) => fsp.readFile(file, encoding),
    unlink: fsp.unlink
  }
  return { fs, faults }
}
