/**
 * "Install Command-Line Tool" (as VS Code installs `code`): writes a small
 * `plant-store` launcher into a folder on the user's PATH that runs the
 * desktop app's bundled CLI with the app's own Node (Electron started with
 * ELECTRON_RUN_AS_NODE=1), so shell scripts get the same commands as
 * `npm link` gives a headless install, with nothing else to install. Plain
 * Node: tested without Electron; the menu action only calls it.
 */
import { accessSync, constants, existsSync } from 'node:fs'
import { lstat, mkdir, readFile, readlink } from 'node:fs/promises'
import path from 'node:path'
import { replaceExecutable } from '#lib/durable-file'
import { AppError } from '#shared/app-error'

/** What the launcher runs and where it may go. */
export interface LauncherTarget {
  platform: NodeJS.Platform
  /** The app's executable (process.execPath); ELECTRON_RUN_AS_NODE makes it a plain Node. */
  execPath: string
  /** The bundled CLI (out/main/cli.js, inside app.asar in a packaged app). */
  cliPath: string
  env: NodeJS.ProcessEnv
  home: string
}

/** Where the launcher was written, and whether a new terminal will find it. */
export interface InstalledLauncher {
  file: string
  dir: string
  onPath: boolean
}

/** The launcher's file name on `platform`. */
export function launcherName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'plant-store.cmd' : 'plant-store'
}

/** The launcher could not be written; the message says why and what to do instead. */
export class LauncherRefusedError extends AppError {
  constructor(message: string) {
    super(message)
    this.name = 'LauncherRefusedError'
  }
}

/** Paths as `platform` spells them (tests plan a Windows launcher on Linux). */
function pathsOf(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix
}

const MOVE_TO_APPLICATIONS = 'Drag Plant Store into the Applications folder, open it from there, and choose Install Command-Line Tool again.'

/**
 * Why no launcher may point at this copy of the app, or undefined. An AppImage
 * runs from a mount that goes away when the app quits; a Mac app opened from
 * its disk image goes with the image, and one Gatekeeper runs from a random
 * read-only copy (App Translocation, for a downloaded app not yet moved) goes
 * when it quits. A launcher naming them would soon name nothing.
 */
export function launcherRefusal(target: Pick<LauncherTarget, 'platform' | 'execPath' | 'env'>): string | undefined {
  if (target.platform === 'linux' && (target.env.APPIMAGE !== undefined || target.execPath.includes('/.mount_'))) {
    return (
      `Plant Store is running from an AppImage (${target.env.APPIMAGE ?? target.execPath}), whose files exist only while it runs: ` +
      'a plant-store command would stop working when the app quits. Install the .deb instead: it puts plant-store on the PATH.'
    )
  }
  if (target.platform === 'darwin' && target.execPath.includes('/AppTranslocation/')) {
    return `macOS is running Plant Store from a temporary copy (App Translocation), which goes away when it quits. ${MOVE_TO_APPLICATIONS}`
  }
  if (target.platform === 'darwin' && target.execPath.startsWith('/Volumes/')) {
    return `Plant Store is running from its disk image, which goes away when it is ejected. ${MOVE_TO_APPLICATIONS}`
  }
  return undefined
}

/** The launcher's own comment: a file without it at the launcher's name is someone else's and is left alone. */
const LAUNCHER_MARK = 'plant-store: the Plant Store command line, installed by the desktop app (Help > Install Command-Line Tool).'

/** A path as one argument of a POSIX shell command: single-quoted, with single quotes escaped. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/** The launcher's text for `target`'s platform. */
export function launcherText(target: Pick<LauncherTarget, 'platform' | 'execPath' | 'cliPath'>): string {
  const why = LAUNCHER_MARK
  if (target.platform === 'win32') {
    // cmd.exe: setlocal keeps the variable out of the calling session; %* passes every argument on.
    return ['@echo off', `rem ${why}`, 'setlocal', 'set ELECTRON_RUN_AS_NODE=1', `"${target.execPath}" "${target.cliPath}" %*`, ''].join('\r\n')
  }
  return ['#!/bin/sh', `# ${why}`, `ELECTRON_RUN_AS_NODE=1 exec ${shellQuoted(target.execPath)} ${shellQuoted(target.cliPath)} "$@"`, ''].join('\n')
}

function pathDirs(target: LauncherTarget): string[] {
  const value = target.env.PATH ?? target.env.Path ?? ''
  const paths = pathsOf(target.platform)
  return value
    .split(paths.delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => paths.resolve(dir))
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Folders the launcher may go to, best first: per-user ones that need no
 * administrator (~/.local/bin; on macOS also /usr/local/bin when the user may
 * write it, as with Homebrew; on Windows the per-user WindowsApps folder,
 * which is on PATH by default).
 */
export function launcherDirs(target: LauncherTarget): string[] {
  const paths = pathsOf(target.platform)
  if (target.platform === 'win32') {
    const local = target.env.LOCALAPPDATA ?? paths.join(target.home, 'AppData', 'Local')
    return [paths.join(local, 'Microsoft', 'WindowsApps'), paths.join(local, 'Programs', 'plant-store', 'bin')]
  }
  const own = paths.join(target.home, '.local', 'bin')
  return target.platform === 'darwin' ? ['/usr/local/bin', own] : [own]
}

/** The folder to use: the first candidate on PATH that exists and is writable, else the per-user one (created). */
function chooseDir(target: LauncherTarget): { dir: string; onPath: boolean } {
  const onPath = new Set(pathDirs(target))
  const resolve = pathsOf(target.platform).resolve
  const candidates = launcherDirs(target)
  const ready = candidates.find((dir) => onPath.has(resolve(dir)) && existsSync(dir) && writable(dir))
  if (ready) return { dir: ready, onPath: true }
  const fallback = candidates.at(-1)!
  return { dir: fallback, onPath: onPath.has(resolve(fallback)) }
}

/** Refuses to replace what is at `file` unless it is a launcher this app wrote: never a link (npm link's), never another program. */
async function checkNothingElseAt(file: string): Promise<void> {
  const found = await lstat(file).catch(() => undefined)
  if (!found) return
  const leave = 'it is left as it is; remove it first if this app’s plant-store should take its place'
  if (found.isSymbolicLink()) {
    const to = await readlink(file).catch(() => '?')
    throw new LauncherRefusedError(`${file} is already there as a link to ${to} (from npm link, perhaps): ${leave}.`)
  }
  if (!found.isFile() || !(await readFile(file, 'utf8')).includes(LAUNCHER_MARK)) {
    throw new LauncherRefusedError(`${file} is already there and was not written by Plant Store: ${leave}.`)
  }
}

/**
 * Writes (or rewrites, e.g. after the app moved) the launcher; resolves with
 * where it went. Refused with words for a copy of the app that will not stay
 * where it is ({@link launcherRefusal}) and for a name taken by anything but
 * an earlier launcher. The file is replaced atomically, never written through.
 */
export async function installLauncher(target: LauncherTarget): Promise<InstalledLauncher> {
  const refusal = launcherRefusal(target)
  if (refusal) throw new LauncherRefusedError(refusal)
  const { dir, onPath } = chooseDir(target)
  await mkdir(dir, { recursive: true })
  const file = pathsOf(target.platform).join(dir, launcherName(target.platform))
  await checkNothingElseAt(file)
  await replaceExecutable(file, launcherText(target))
  return { file, dir, onPath }
}

/** What to tell the person after an install. */
export function describeInstalled(installed: InstalledLauncher, platform: NodeJS.Platform): string {
  const next = 'Open a new terminal and run: plant-store --help'
  if (installed.onPath) return `Installed ${installed.file}. ${next}`
  const line = `export PATH="${installed.dir}:$PATH"`
  const add =
    platform === 'win32'
      ? `add ${installed.dir} to your Path (Settings > System > About > Advanced system settings > Environment Variables)`
      : platform === 'darwin'
        ? `add it to your PATH with this line in ~/.zprofile (zsh is the Terminal's shell on macOS): ${line}`
        : `add it to your PATH, e.g. with this line in ~/.profile: ${line}`
  return `Installed ${installed.file}, but ${installed.dir} is not on your PATH yet: ${add}. ${next}`
}
