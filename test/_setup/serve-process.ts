/**
 * Runs the real `plant-store serve` (the built bin) as a child process on a
 * free port with a temporary data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { onTestFinished } from 'vitest'
import { readableCopy } from './readable-copy'

export const BIN = path.resolve(import.meta.dirname, '../../bin/plant-store.js')

/** The token `startServe` gives the server (PLANT_STORE_TOKEN) unless `env` sets or unsets it. */
export const SERVE_TOKEN = 'serve-process-test-token-0123456789abcdef'

/** A running server process. */
export interface ServeProcess {
  child: ChildProcess
  baseUrl: string
  port: number
  /** The server's API token, as printed in its UI line. */
  token: string
  /** The UI address the server printed (`http://127.0.0.1:PORT/#token=…`). */
  uiUrl: string
  /** `Authorization: Bearer <token>` plus `extra`, for fetch calls. */
  headers(extra?: Record<string, string>): Record<string, string>
  /** Everything the process printed so far. */
  output(): string
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Result of running the CLI to completion. */
export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** The child's environment; a variable given as `undefined` in `extra` is removed. */
function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...extra }
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name]
  return env
}

/** Runs `plant-store ...args` to completion. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runProgram(process.execPath, [BIN, ...args], env)
}

/** Runs any program to completion with the CLI's environment, collecting its output; `cwd` defaults to this process's. */
export async function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string): Promise<CliResult> {
  const child = spawn(program, args, { env: cliEnv(env), cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stdout, stderr }
}

/**
 * Starts `plant-store serve --port 0 --data dataDir ...extraArgs` and waits for its ready
 * lines. The server gets PLANT_STORE_TOKEN={@link SERVE_TOKEN} unless `env` names
 * PLANT_STORE_TOKEN (`{ PLANT_STORE_TOKEN: undefined }` lets it use DIR/token).
 */
export async function startServe(
  dataDir: string,
  extraArgs: string[] = [],
  env: NodeJS.ProcessEnv = {},
  /** Runs the server as this account (tests run as root; permission tests need someone the kernel checks). */
  account?: { uid: number; gid: number }
): Promise<ServeProcess> {
  // Another account may not be allowed into the checkout: it runs a copy everyone can read, from there.
  const cwd = account ? await readableCopy() : undefined
  const bin = cwd ? path.join(cwd, 'bin/plant-store.js') : BIN
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', dataDir, ...extraArgs], {
    env: cliEnv({ PLANT_STORE_TOKEN: SERVE_TOKEN, ...env }),
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...account
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = once(child, 'exit')
  const [baseUrl, uiUrl] = await new Promise<[string, string]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not get ready:\n${output}`)), 60_000)
    const check = () => {
      const match = /listening at (http:\/\/\S+\/v3)/.exec(output)
      const ui = /^Plant Store UI: (\S+)\n/m.exec(output)
      if (match?.[1] && ui?.[1]) {
        clearTimeout(timer)
        resolve([match[1], ui[1]])
      }
    }
    child.stdout.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code} before it was ready:\n${output}`))
    })
  })
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    const [code] = (await exited) as [number | null]
    return code
  }
  onTestFinished(async () => {
    await stop('SIGKILL')
  })
  // The fragment may say more than the token (`#token=…&screen=first-run` on a first run).
  const token = new URLSearchParams(new URL(uiUrl).hash.slice(1)).get('token') ?? ''
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra })
  return { child, baseUrl, port: Number(new URL(baseUrl).port), token, uiUrl, headers, output: () => output, stop }
}

/** POSTs a plant named `name` to `server` with `token` (the server's own by default); resolves with the raw response. */
export function addPlant(server: ServeProcess, name: string, token = server.token): Promise<Response> {
  return fetch(`${server.baseUrl}/plant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name })
  })
}
