/**
 * `plant-store` command line: the headless way to run the service.
 * No Electron import here or below.
 */
import { parseArgs } from 'node:util'
import { DataFileError } from './store/data-file'
import { defaultDataDir } from './paths'
import { PortInUseError } from './server/start-server'
import { startService } from './service'

const DEFAULT_PORT = 7420
const DEFAULT_HOST = '127.0.0.1'

const MAIN_HELP = `plant-store — the plant catalogue of one shop, with a local HTTP API

Usage: plant-store <command> [options]

Commands:
  serve     run the API (and, later, the UI) without the desktop window
  help      show this help, or a command's help: plant-store help serve

Options:
  -h, --help     show help
  -v, --version  show the version
`

const SERVE_HELP = `Usage: plant-store serve [--port N] [--host H] [--data DIR]

Runs the local API at http://HOST:PORT/v3 until stopped with Ctrl+C (SIGINT) or SIGTERM.

Options:
  --port N     port to listen on (default ${DEFAULT_PORT}; 0 takes a free port)   env PLANT_STORE_PORT
  --host H     address to listen on (default ${DEFAULT_HOST}, this computer only)
  --data DIR   data directory (default ${defaultDataDir()})   env PLANT_STORE_DATA
  -h, --help   show this help
`

/** A mistake on the command line; printed as one line, exit 2. */
class UsageError extends Error {}

function parsePort(raw: string, source: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new UsageError(`${source} must be a port number from 0 to 65535; got "${raw}"`)
  }
  return Number(raw)
}

async function serve(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h' }
    },
    strict: true
  })
  if (values.help) {
    process.stdout.write(SERVE_HELP)
    return 0
  }
  const port = values.port !== undefined
    ? parsePort(values.port, '--port')
    : env.PLANT_STORE_PORT ? parsePort(env.PLANT_STORE_PORT, 'PLANT_STORE_PORT') : DEFAULT_PORT
  // A stray HOST variable is deliberately ignored: binding beyond loopback must be asked for.
  const host = values.host ?? DEFAULT_HOST
  const dataDir = values.data ?? (env.PLANT_STORE_DATA || defaultDataDir(env))
  // Listen for signals before anything starts, so a stop request during start-up is honoured too.
  const stopRequested = new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'))
    process.once('SIGTERM', () => resolve('SIGTERM'))
  })
  const service = await startService({ dataDir, host, port })
  process.stdout.write(`Plant Store API listening at ${service.baseUrl} (data: ${dataDir})\n`)
  const signal = await stopRequested
  process.stdout.write(`${signal} received; finishing writes in flight and stopping…\n`)
  await service.stop()
  process.stdout.write('Stopped.\n')
  return 0
}

/** Runs the CLI with `argv` (without node and script); resolves with the exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'serve':
        return await serve(rest, env)
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        if (rest[0] === 'serve') process.stdout.write(SERVE_HELP)
        else process.stdout.write(MAIN_HELP)
        return 0
      case '--version':
      case '-v':
        process.stdout.write(`${__APP_VERSION__}\n`)
        return 0
      default:
        throw new UsageError(`unknown command "${command}"; run plant-store --help to see the commands`)
    }
  } catch (error) {
    return reportFailure(error)
  }
}

function reportFailure(error: unknown): number {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`plant-store: ${(error as Error).message}\n`)
    return 2
  }
  if (error instanceof PortInUseError) {
    process.stderr.write(`plant-store: ${error.message}\n`)
    return 1
  }
  if (error instanceof DataFileError) {
    process.stderr.write(`plant-store: refusing to start: the data file ${error.file} cannot be used: ${error.problem}.\n` +
      'The file was left untouched.\n')
    return 1
  }
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOSPC') {
    process.stderr.write(`plant-store: cannot use the data directory: ${(error as Error).message}\n`)
    return 1
  }
  process.stderr.write(`plant-store: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`)
  return 1
}
