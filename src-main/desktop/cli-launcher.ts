/**
 * "Install Command-Line Tool" (as VS Code installs `code`): writes a small
 * `plant-store` launcher into a folder on the user's PATH that runs the
 * desktop app's bundled CLI with the app's own Node (Electron started with
 * ELECTRON_RUN_AS_NODE=1), so shell scripts get the same commands as
 * `npm link` gives a headless install, with nothing else to install. Plain
 * Node: tested without Electron; the menu action only calls it.
 */
import { accessSync, constants, existsSync } from 'node:fs'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

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

/** A path as one argument of a POSIX shell command: single-quoted, with single quotes escaped. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/** The launcher's text for `target`'s platform. */
export function launcherText(target: Pick<LauncherTarget, 'platform' | 'execPath' | 'cliPath'>): string {
  const why = 'plant-store: the Plant Store command line, installed by the desktop app (Help > Install Command-Line Tool).'
  if (target.platform === 'win32') {
    // cmd.exe: setlocal keeps the variable out of the calling session; %* passes every argument on.
    return ['@echo off', `rem ${why}`, 'setlocal', 'set ELECTRON_RUN_AS_NODE=1', `"${target.execPath}" "${target.cliPath}" %*`, ''].join('\r\n')
  }
  return ['#!/bin/sh', `# ${why}`, `ELECTRON_RUN_AS_NODE=1 exec ${shellQuoted(target.execPath)} ${shellQuoted(target.cliPath)} "$@"`, ''].join('\n')
}

function pathDirs(target: LauncherTarget): string[] {
  const value = target.env.PATH ?? target.env.Path ?? ''
  return value
    .split(target.platform === 'win32' ? ';' : ':')
    .filter((dir) => dir !== '')
    .map((dir) => path.resolve(dir))
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
  if (target.platform === 'win32') {
    const local = target.env.LOCALAPPDATA ?? path.join(target.home, 'AppData', 'Local')
    return [path.join(local, 'Microsoft', 'WindowsApps'), path.join(local, 'Programs', 'plant-store', 'bin')]
  }
  const own = path.join(target.home, '.local', 'bin')
  return target.platform === 'darwin' ? ['/usr/local/bin', own] : [own]
}

/** The folder to use: the first candidate on PATH that exists and is writable, else the per-user one (created). */
function chooseDir(target: LauncherTarget): { dir: string; onPath: boolean } {
  const onPath = new Set(pathDirs(target))
  const candidates = launcherDirs(target)
  const ready = candidates.find((dir) => onPath.has(path.resolve(dir)) && existsSync(dir) && writable(dir))
  if (ready) return { dir: ready, onPath: true }
  const fallback = candidates.at(-1)!
  return { dir: fallback, onPath: onPath.has(path.resolve(fallback)) }
}

/** Writes (or rewrites, e.g. after the app moved) the launcher; resolves with where it went. */
export async function installLauncher(target: LauncherTarget): Promise<InstalledLauncher> {
  const { dir, onPath } = chooseDir(target)
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, launcherName(target.platform))
  await writeFile(file, launcherText(target), { mode: 0o755 })
  await chmod(file, 0o755) // writeFile's mode applies only to a new file
  return { file, dir, onPath }
}

/** What to tell the person after an install. */
export function describeInstalled(installed: InstalledLauncher, platform: NodeJS.Platform): string {
  const next = 'Open a new terminal and run: plant-store --help'
  if (installed.onPath) return `Installed ${installed.file}. ${next}`
  const add =
    platform === 'win32'
      ? `add ${installed.dir} to your Path (Settings > System > About > Advanced system settings > Environment Variables)`
      : `add it to your PATH, e.g. with this line in ~/.profile: export PATH="${installed.dir}:$PATH"`
  return `Installed ${installed.file}, but ${installed.dir} is not on your PATH yet: ${add}. ${next}`
}
