/** `plant-store serve`: the whole service without the desktop window. */
import { DEFAULT_HOST, DEFAULT_PORT, resolvePort, tokenFromEnv } from '#app/config'
import { uiDir } from '#app/paths'
import { startOnDataFolder, type SetUpService } from '#app/start-on-data-folder'
import { interfaceAddresses, isWildcardHost, urlHost } from '#server'
import { ignoreClosedOutput, onStopSignals } from '#lib/stop-signals'
import { TOKEN_ENV } from '#auth/token'
import { UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'

const help = `Usage: plant-store serve [--port N] [--host H] [--data DIR] [--first-run]

Runs the local API at http://HOST:PORT/v3 until stopped with Ctrl+C (SIGINT), SIGTERM, or the terminal closing (SIGHUP).
Requests to /v3 need the token (Authorization: Bearer TOKEN; see plant-store token).
Prints the UI's address with the token in it: http://127.0.0.1:PORT/#token=TOKEN.
On a till paired with plant-store pair, serves the UI here and sends every /v3
request to the shop's main computer (over TLS, pinned to its certificate).
With --first-run on a data folder never set up (no catalogue, no pairing), the
UI opens on the first-run screen instead: "This is the shop's main computer"
starts the catalogue, "Connect to the shop's main computer" pairs this computer
as a till (as plant-store pair does); either way it carries on without a restart.

Options:
  --port N     port to listen on (default ${DEFAULT_PORT}; 0 takes a free port)   env PLANT_STORE_PORT
  --host H     address to listen on (default ${DEFAULT_HOST}, this computer only);
               requests must then name H or a loopback address as their Host;
               0.0.0.0 or :: listens on every network and also accepts this
               computer's network addresses (other computers still need the token)
${dataOptionHelp()}
  --first-run  on a data folder never set up, serve the first-run screen (this
               computer only: not with a --host other computers reach)
  -h, --help   show this help

Environment:
  ${TOKEN_ENV}   use this token instead of the one in DIR/token (at least 32 characters)
`

/** True for addresses only this computer can reach (127.0.0.0/8, ::1, localhost), bracketed or not. */
function isLoopback(host: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(host) || /^\[?::1\]?$/.test(host) || host.toLowerCase() === 'localhost'
}

/** What a paired till, or a main computer whose other tills may connect, says at its start. */
function tellWhatRuns(started: SetUpService): void {
  if (started.stage === 'till') process.stdout.write(`Till "${started.pairing.till}" of the shop's main computer at ${started.pairing.origin}\n`)
  const lan = started.stage === 'main' ? started.service.lan : undefined
  if (lan) process.stdout.write(`Other tills connect at ${lan.url} (certificate SHA-256 ${lan.fingerprint})\n`)
}

/** What a first run became, said once chosen. */
function setUpWords(setUp: SetUpService): string {
  if (setUp.stage === 'till') return `Connected to the shop's main computer: till "${setUp.pairing.till}" of ${setUp.pairing.origin}\n`
  return "Set up as the shop's main computer: its catalogue is in the data folder.\n"
}

/** Says plainly what other computers can and cannot do once the server listens beyond loopback. */
function networkWarning(host: string): string {
  const addresses = isWildcardHost(host) ? interfaceAddresses(host).filter((address) => !isLoopback(address)) : [urlHost(host)]
  const where = addresses.length > 0 ? addresses.join(', ') : "this computer's network addresses"
  return (
    `plant-store: warning: --host ${host} lets other computers on your network reach Plant Store at ${where} (port below). ` +
    'They can open its page, but without the API token they can neither see nor change any plant; with the token they can ' +
    'do everything you can (plant-store token prints it: give it only to people who should have it). The connection is not ' +
    'encrypted: anyone on the same network can read the token and the plants as they pass, so use this only on a network you trust.\n'
  )
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, dataDir } = readOptions(args, env, { port: { type: 'string' }, host: { type: 'string' }, 'first-run': { type: 'boolean' } })
  const port = resolvePort(values.port, env)
  // A stray HOST variable is deliberately ignored: binding beyond loopback must be asked for.
  const host = values.host ?? DEFAULT_HOST
  // Whoever reaches the first-run screen decides what this computer becomes: only someone at it.
  if (values['first-run'] && !isLoopback(host))
    throw new UsageError(`--first-run serves the first-run screen to this computer only; leave out --host ${host} (or give 127.0.0.1)`)
  if (!isLoopback(host)) process.stderr.write(networkWarning(host))
  // Listen for signals before anything starts, so a stop request during start-up is honoured too. Repeats
  // (a second Ctrl+C, SIGHUP then SIGTERM at logout) are absorbed: the first one's stop finishes.
  ignoreClosedOutput()
  const stopRequested = new Promise<string>((resolve) => onStopSignals(resolve))
  const started = await startOnDataFolder({ dataDir, host, port, uiDir: uiDir(), token: tokenFromEnv(env), offerFirstRun: values['first-run'] })
  const service = started.service
  process.stdout.write(`Plant Store API listening at ${service.baseUrl} (data: ${dataDir})\n`)
  if (started.stage === 'first-run') {
    process.stdout.write("This computer is not set up yet: the UI below asks whether it is the shop's main computer or connects to it.\n")
    void started.service.setUp.then((setUp) => process.stdout.write(setUpWords(setUp)))
  } else tellWhatRuns(started)
  // The token rides in the fragment, which the browser never sends; the UI takes it from there.
  process.stdout.write(`Plant Store UI: ${service.uiUrl()}\n`)
  const signal = await stopRequested
  process.stdout.write(`${signal} received; finishing writes in flight and stopping…\n`)
  await service.stop()
  process.stdout.write('Stopped.\n')
  return 0
}

export const serveCommand: Command = { summary: 'run the API (and the UI) without the desktop window', help, run }
