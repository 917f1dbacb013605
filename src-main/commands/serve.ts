/** `plant-store serve`: the whole service without the desktop window. */
import { DEFAULT_HOST, DEFAULT_PORT, resolvePort, tokenFromEnv } from '../config'
import { uiDir } from '../paths'
import { startService } from '../service'
import { ignoreClosedOutput, onStopSignals } from '../stop-signals'
import { TOKEN_ENV } from '../token'
import type { Command } from './command'
import { dataOptionHelp, readOptions } from './options'

const help = `Usage: plant-store serve [--port N] [--host H] [--data DIR]

Runs the local API at http://HOST:PORT/v3 until stopped with Ctrl+C (SIGINT), SIGTERM, or the terminal closing (SIGHUP).
Requests to /v3 need the token (Authorization: Bearer TOKEN; see plant-store token).
Prints the UI's address with the token in it: http://127.0.0.1:PORT/#token=TOKEN.

Options:
  --port N     port to listen on (default ${DEFAULT_PORT}; 0 takes a free port)   env PLANT_STORE_PORT
  --host H     address to listen on (default ${DEFAULT_HOST}, this computer only);
               requests must then name H or a loopback address as their Host
${dataOptionHelp()}
  -h, --help   show this help

Environment:
  ${TOKEN_ENV}   use this token instead of the one in DIR/token (at least 32 characters)
`

/** True for addresses only this computer can reach (127.0.0.0/8, ::1, localhost). */
function isLoopback(host: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(host) || host === '::1' || host.toLowerCase() === 'localhost'
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, dataDir } = readOptions(args, env, { port: { type: 'string' }, host: { type: 'string' } })
  const port = resolvePort(values.port, env)
  // A stray HOST variable is deliberately ignored: binding beyond loopback must be asked for.
  const host = values.host ?? DEFAULT_HOST
  if (!isLoopback(host)) {
    process.stderr.write(
      `plant-store: warning: --host ${host} lets other computers on the network reach the API (they still need the token). ` +
      `Only requests addressed to ${host} or to this computer's loopback address are served.\n`
    )
  }
  // Listen for signals before anything starts, so a stop request during start-up is honoured too. Repeats
  // (a second Ctrl+C, SIGHUP then SIGTERM at logout) are absorbed: the first one's stop finishes.
  ignoreClosedOutput()
  const stopRequested = new Promise<string>((resolve) => onStopSignals(resolve))
  const service = await startService({ dataDir, host, port, uiDir: uiDir(), token: tokenFromEnv(env) })
  process.stdout.write(`Plant Store API listening at ${service.baseUrl} (data: ${dataDir})\n`)
  // The token rides in the fragment, which the browser never sends; the UI takes it from there.
  process.stdout.write(`Plant Store UI: ${service.uiUrl()}\n`)
  const signal = await stopRequested
  process.stdout.write(`${signal} received; finishing writes in flight and stopping…\n`)
  await service.stop()
  process.stdout.write('Stopped.\n')
  return 0
}

export const serveCommand: Command = { summary: 'run the API (and the UI) without the desktop window', help, run }
