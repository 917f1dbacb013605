// Windows' file-system rules over the real (Linux) file system, so the store and the CLI meet on this machine what
// they meet on a shop's Windows PC. Plain JS: the same rules serve the vitest project (in-process.ts mocks node:fs
// with them) and the child processes (preload.mjs patches the built-in modules before the app loads).
//
// What Windows does, and where that is written down:
//   - A folder opens (libuv passes FILE_FLAG_BACKUP_SEMANTICS), but fsync on it fails with EPERM: FlushFileBuffers
//     needs a handle opened for writing (nodejs/node#3879; libuv src/win/fs.c fs__open, fs__fsync).
//   - A rename over a file that some process holds open fails with EPERM (MoveFileExW: ERROR_ACCESS_DENIED, which
//     libuv maps to EPERM); a file that the antivirus scanner or the indexer opened right after it was written cannot
//     be renamed for a moment (ERROR_SHARING_VIOLATION, EBUSY). graceful-fs retries both for this reason.
//   - No POSIX owners or modes: stat reports uid 0 and mode 0666 (0444 for a read-only file) for files and folders
//     alike; chmod only sets or clears the read-only attribute (libuv src/win/fs.c fs__stat_handle, fs__chmod).
//   - Only O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND and UV_FS_O_FILEMAP exist among the open
//     flags (Node's fs documentation, "File open constants"): O_NOFOLLOW and the rest are undefined.
//   - CON, PRN, AUX, NUL, COM1–COM9 and LPT1–LPT9, with any extension, name devices, not files, and <>:"|?* cannot be
//     in a name, nor a trailing dot or space (Microsoft's "Naming Files, Paths, and Namespaces"). What a device name
//     does varies by Windows version (writes vanish into NUL, or the create fails): the emulation refuses it, so a
//     program that would write there is caught either way.
//   - Scanner holds are counted in attempts, not milliseconds, so a test sees the same refusals however busy the
//     machine is.
import path from 'node:path'

/** Renames refused while the scanner holds a just-written file. */
export const SCANNER_HOLDS = 2

const RESERVED_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i
const FORBIDDEN_IN_NAME = /[<>:"|?*\u0000-\u001f]|[. ]$/
const WINDOWS_OPEN_FLAGS = ['O_RDONLY', 'O_WRONLY', 'O_RDWR', 'O_CREAT', 'O_EXCL', 'O_TRUNC', 'O_APPEND', 'UV_FS_O_FILEMAP']
const POSIX_ONLY_OPEN_FLAGS = ['O_NOCTTY', 'O_DIRECTORY', 'O_NOATIME', 'O_NOFOLLOW', 'O_SYNC', 'O_DSYNC', 'O_DIRECT', 'O_NONBLOCK', 'O_SYMLINK']

/** Why Windows would not create a file called `name` (its last path component), or undefined. */
export function windowsNameProblem(name) {
  if (RESERVED_NAME.test(name)) return 'Windows keeps this name for a device'
  if (FORBIDDEN_IN_NAME.test(name)) return 'Windows does not allow this name'
  return undefined
}

function failure(code, syscall, why, ...paths) {
  const where = paths.map((file) => `'${file}'`).join(' -> ')
  return Object.assign(new Error(`${code}: ${why} (Windows semantics), ${syscall} ${where}`), { code, syscall, path: paths[0], dest: paths[1] })
}

/** `stats` as Windows reports them: no owner, mode 0666 (0444 when read-only), the file type kept. */
function windowsStats(stats, readOnly) {
  if (!stats) return stats
  const copy = Object.assign(Object.create(Object.getPrototypeOf(stats)), stats)
  const big = typeof stats.mode === 'bigint'
  const type = big ? Number(stats.mode & 0o170000n) : stats.mode & 0o170000
  const mode = type | (readOnly ? 0o444 : 0o666)
  copy.mode = big ? BigInt(mode) : mode
  copy.uid = big ? 0n : 0
  copy.gid = big ? 0n : 0
  return copy
}

function pathOf(file) {
  return path.resolve(typeof file === 'string' ? file : file instanceof URL ? file.pathname : String(file))
}

/**
 * Windows' rules over `fs` and `fsp` (the real modules). Returns replacements for the functions the app uses
 * (`promises`, `sync`), the open-flag constants Windows has, and counters a test can read.
 */
export function windowsFileSystem({ fs, fsp }) {
  const openCount = new Map()
  const scanning = new Map()
  const readOnly = new Set()
  const counters = { refusedDirectorySyncs: 0, refusedRenames: 0, refusedNames: 0 }

  const hold = (file) => openCount.set(file, (openCount.get(file) ?? 0) + 1)
  const letGo = (file) => {
    const left = (openCount.get(file) ?? 1) - 1
    if (left > 0) openCount.set(file, left)
    else openCount.delete(file)
  }
  const written = (file) => scanning.set(file, SCANNER_HOLDS)
  const checkName = (file, syscall) => {
    const why = windowsNameProblem(path.basename(pathOf(file)))
    if (why) {
      counters.refusedNames++
      throw failure(why.includes('device') ? 'EPERM' : 'ENOENT', syscall, why, String(file))
    }
  }
  const creates = (flags) => (typeof flags === 'string' ? /[wax]/.test(flags) : typeof flags === 'number' && (flags & fs.constants.O_CREAT) !== 0)

  function windowsHandle(handle, file, isDirectory) {
    let wrote = false
    let closed = false
    return new Proxy(handle, {
      get(target, property) {
        const value = Reflect.get(target, property, target)
        if (property === 'sync' || property === 'datasync') {
          return async () => {
            if (isDirectory) {
              counters.refusedDirectorySyncs++
              throw failure('EPERM', 'fsync', 'operation not permitted', file)
            }
            return value.call(target)
          }
        }
        if (property === 'write' || property === 'writeFile' || property === 'appendFile' || property === 'truncate' || property === 'writev') {
          return (...args) => {
            wrote = true
            return value.apply(target, args)
          }
        }
        if (property === 'stat') return async (...args) => windowsStats(await value.apply(target, args), readOnly.has(file))
        if (property === 'close') {
          return async () => {
            if (!closed) {
              closed = true
              letGo(file)
              if (wrote) written(file)
            }
            return value.call(target)
          }
        }
        return typeof value === 'function' ? value.bind(target) : value
      }
    })
  }

  const promises = {
    async open(file, flags, mode) {
      if (creates(flags)) checkName(file, 'open')
      const handle = await fsp.open(file, flags, mode)
      const resolved = pathOf(file)
      const isDirectory = (await handle.stat()).isDirectory()
      hold(resolved)
      return windowsHandle(handle, resolved, isDirectory)
    },
    async rename(from, to) {
      checkName(to, 'rename')
      const source = pathOf(from)
      const target = pathOf(to)
      const scans = scanning.get(source) ?? 0
      if (scans > 0) {
        scanning.set(source, scans - 1)
        counters.refusedRenames++
        throw failure('EBUSY', 'rename', 'resource busy or locked: another process (the scanner) has the file open', String(from), String(to))
      }
      if (openCount.has(target)) {
        counters.refusedRenames++
        throw failure('EPERM', 'rename', 'operation not permitted: the file it replaces is open', String(from), String(to))
      }
      await fsp.rename(from, to)
      scanning.delete(source)
      readOnly.delete(target)
      if (readOnly.delete(source)) readOnly.add(target)
    },
    async readFile(file, options) {
      if (typeof file !== 'string' && !(file instanceof URL)) return fsp.readFile(file, options)
      const resolved = pathOf(file)
      hold(resolved)
      try {
        return await fsp.readFile(file, options)
      } finally {
        letGo(resolved)
      }
    },
    async writeFile(file, data, options) {
      if (typeof file === 'string' || file instanceof URL) checkName(file, 'open')
      await fsp.writeFile(file, data, options)
      if (typeof file === 'string' || file instanceof URL) written(pathOf(file))
    },
    async mkdir(dir, options) {
      checkName(dir, 'mkdir')
      return fsp.mkdir(dir, options)
    },
    async link(existing, name) {
      checkName(name, 'link')
      return fsp.link(existing, name)
    },
    async stat(file, options) {
      return windowsStats(await fsp.stat(file, options), readOnly.has(pathOf(file)))
    },
    async lstat(file, options) {
      return windowsStats(await fsp.lstat(file, options), readOnly.has(pathOf(file)))
    },
    async chmod(file, mode) {
      await fsp.stat(file) // ENOENT as Windows would say it
      if ((mode & 0o200) === 0) readOnly.add(pathOf(file))
      else readOnly.delete(pathOf(file))
    }
  }

  const sync = {
    statSync(file, options) {
      return windowsStats(fs.statSync(file, options), readOnly.has(pathOf(file)))
    },
    lstatSync(file, options) {
      return windowsStats(fs.lstatSync(file, options), readOnly.has(pathOf(file)))
    },
    mkdirSync(dir, options) {
      checkName(dir, 'mkdir')
      return fs.mkdirSync(dir, options)
    },
    writeFileSync(file, data, options) {
      if (typeof file === 'string' || file instanceof URL) checkName(file, 'open')
      fs.writeFileSync(file, data, options)
    }
  }

  const constants = Object.fromEntries(Object.entries(fs.constants).filter(([name]) => !POSIX_ONLY_OPEN_FLAGS.includes(name)))
  for (const name of WINDOWS_OPEN_FLAGS) if (!(name in constants)) throw new Error(`fs.constants has no ${name}`)

  return { promises, sync, constants, counters }
}
