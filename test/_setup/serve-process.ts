/**
 * Runs the real `plant-store serve` (the built bin) as a child process on a
 * free port with a temporary data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { onTestFinished } from 'vitest'

export const BIN = path.resolve(import.meta.dirname, '../../bin/plant-store.js')

/** A running server process. */
export interface ServeProcess {
  child: ChildProcess
  baseUrl: string
  port: number
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

function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'production', ...extra }
}

/** Runs `plant-store ...args` to completion. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [BIN, ...args], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stdout, stderr }
}

/** Starts `plant-store serve --port 0 --data dataDir ...extraArgs` and waits for its ready line. */
export async function startServe(dataDir: string, extraArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data', dataDir, ...extraArgs], {
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = once(child, 'exit')
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not get ready:\n${output}`)), 15_000)
    const check = () => {
      const match = /listening at (http:\/\/\S+\/v3)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
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
  return { child, baseUrl, port: Number(new URL(baseUrl).port), output: () => output, stop }
}
