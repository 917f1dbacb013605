/** `plant-store token`: prints (or replaces) the API token, so scripts can authenticate. */
import { tokenFromEnv } from '../config'
import { TOKEN_ENV, TOKEN_RECHECK_MS, loadOrCreateToken, rotateToken, tokenFilePath } from '../token'
import { UsageError, type Command } from './command'
import { dataOptionHelp, readOptions } from './options'

const help = `Usage: plant-store token [--data DIR] [--rotate]

Prints the token that requests to the API (/v3) must carry, creating it on first use:
  curl -H "Authorization: Bearer $(npx plant-store token)" http://127.0.0.1:7420/v3/plant/search/status

Options:
  --rotate     replace the token with a new random one; a running server accepts only
               the new one within ${TOKEN_RECHECK_MS / 1000} second (give it to your scripts, reopen the UI)
${dataOptionHelp()}
  -h, --help   show this help

Environment:
  ${TOKEN_ENV}   when set, it is the token: printed as is, and --rotate is refused
`

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, dataDir } = readOptions(args, env, { rotate: { type: 'boolean' } })
  const fromEnv = tokenFromEnv(env)
  if (fromEnv !== undefined && values.rotate) {
    throw new UsageError(`${TOKEN_ENV} is set, so the token comes from the environment; change it there (or unset it to rotate the token file)`)
  }
  if (fromEnv !== undefined) {
    process.stdout.write(`${fromEnv}\n`)
    return 0
  }
  if (!values.rotate) {
    process.stdout.write(`${await loadOrCreateToken(dataDir)}\n`)
    return 0
  }
  const token = await rotateToken(dataDir)
  // Only the token goes to stdout, so `$(plant-store token --rotate)` captures it cleanly.
  process.stdout.write(`${token}\n`)
  process.stderr.write(
    `New token written to ${tokenFilePath(dataDir)}. A running Plant Store refuses the old token within ` +
    `${TOKEN_RECHECK_MS / 1000} second; update your scripts and open the UI again with the new token.\n`
  )
  return 0
}

/** The `token` command. */
export const tokenCommand: Command = { summary: 'print the API token for scripts (--rotate: replace it)', help, run }
