/** `plant-store serve`: the whole service without the desktop window. */
import { parseArgs } from 'node:util'
import { startService } from '../service'
import type { Command } from './command'
import { DEFAULT_HOST, DEFAULT_PORT, dataOptionHelp, parsePort, resolveDataDir } from './options'

const help = `Usage: plant-store serve [--port N] [--host H] [--data DIR]

Runs the local API at http://HOST:PORT/v3 until stopped with Ctrl+C (SIGINT) or SIGTERM.

Options:
  --port N     port to listen on (default ${DEFAULT_PORT}; 0 takes a free port)   env PLANT_STORE_PORT
  --host H     address to listen on (default ${DEFAULT_HOST}, this computer only)
${dataOptionHelp()}
  -h, --help   show this help
`

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
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
    process.stdout.write(help)
    return 0
  }
  const port = values.port !== undefined
    ? parsePort(values.port, '--port')
    : env.PLANT_STORE_PORT ? parsePort(env.PLANT_STORE_PORT, 'PLANT_STORE_PORT') : DEFAULT_PORT
  // A stray HOST variable is deliberately ignored: binding beyond loopback must be asked for.
  const host = values.host ?? DEFAULT_HOST
  const dataDir = resolveDataDir(values.data, env)
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

export const serveCommand: Command = { summary: 'run the API (and the UI) without the desktop window', help, run }
