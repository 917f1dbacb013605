/** `plant-store token`: prints (or replaces) the owner's API token, and manages the named tokens of scripts and tills. */
import { requireCatalogue } from '#app/catalogue-folder'
import { tokenFromEnv } from '#app/config'
import { OwnerTokenError, findRunningServer, ownerToken } from '#app/reach-catalogue'
import { uiUrl } from '#server'
import { TOKEN_ENV, TOKEN_RECHECK_MS, loadOrCreateToken, rotateToken, tokenFilePath } from '#auth/token'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'
import { addToken, listTokens, revokeToken } from './token-names'

const help = `Usage: plant-store token [--rotate | --link] [--data DIR] [--create]
       plant-store token add NAME [--read-only] [--data DIR]
       plant-store token list [--json] [--data DIR]
       plant-store token revoke NAME [--data DIR]

Prints the owner's token, which requests to the API (/v3) must carry:
  curl -H "Authorization: Bearer $(plant-store token)" http://127.0.0.1:7420/v3/plant/search/status
Fails (exit 3, message on stderr, nothing printed) when DIR holds no Plant Store data.

Named tokens, one per script or till, can be revoked one by one:
  add NAME     make a token and print it, this once (Plant Store keeps only its hash)
  list         name, scope, created and last used of each token (never a secret)
  revoke NAME  a running Plant Store refuses the token within ${TOKEN_RECHECK_MS / 1000} second

Options:
  --rotate     replace the owner's token with a new random one; a running server accepts the new one
               at once and refuses the old one within ${TOKEN_RECHECK_MS / 1000} second (give it to your scripts, reopen the UI)
  --link       print the address of the running server's UI with the owner's token in it
  --read-only  (add) the token may read but never change anything (403 on every write)
  --json       (list) print JSON
  --create     make the token even though DIR holds no Plant Store data yet
${dataOptionHelp()}
  -h, --help   show this help

Environment:
  ${TOKEN_ENV}   when set, it is the owner's token: printed as is, and --rotate is refused
`

/** A server started with PLANT_STORE_TOKEN accepts only that token: printing (or making) the token file's would mislead. */
async function refuseWhenServerIgnoresTokenFile(dataDir: string): Promise<void> {
  const running = await findRunningServer(dataDir)
  if (running?.ownerTokenFrom !== 'environment') return
  throw new CommandError(
    `the Plant Store running on ${dataDir} (process ${running.pid}) was started with ${TOKEN_ENV}, so it accepts that token ` +
      `and not the token file's; set the same ${TOKEN_ENV} for this command (plant-store token then prints it)`,
    EXIT_CODES.notAllowed
  )
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals, dataDir } = readOptions(
    args,
    env,
    {
      rotate: { type: 'boolean' },
      link: { type: 'boolean' },
      create: { type: 'boolean' },
      'read-only': { type: 'boolean' },
      json: { type: 'boolean' }
    },
    true
  )
  const [action, name, ...extra] = positionals
  if (extra.length > 0) throw new UsageError(`unexpected "${extra.join(' ')}"; see plant-store token --help`)
  refuseStrayOptions(action, values)
  const printsEnvToken = action === undefined && !values.link && tokenFromEnv(env) !== undefined
  // Never create files in a folder that is not Plant Store's (a typo in --data, an unset variable) unless asked to.
  if (!values.create && !printsEnvToken) await requireCatalogue(dataDir)
  if (action === 'add') return addToken(dataDir, name, values['read-only'] === true)
  if (action === 'list') return listTokens(dataDir, values.json === true)
  if (action === 'revoke') return revokeToken(dataDir, name)
  if (action !== undefined) throw new UsageError(`unknown token action "${action}"; it is add, list or revoke`)
  if (values.link) return printUiLink(dataDir, env)
  const fromEnv = tokenFromEnv(env)
  if (fromEnv !== undefined && values.rotate) {
    throw new UsageError(`${TOKEN_ENV} is set, so the token comes from the environment; change it there (or unset it to rotate the token file)`)
  }
  if (fromEnv !== undefined) {
    process.stdout.write(`${fromEnv}\n`)
    return 0
  }
  await refuseWhenServerIgnoresTokenFile(dataDir)
  if (!values.rotate) {
    process.stdout.write(`${await loadOrCreateToken(dataDir)}\n`)
    return 0
  }
  // Printed while the rotation holds its lock, and refused if another replaced the token since this command began:
  // the token printed is the token in force. Only the token goes to stdout, so `$(plant-store token --rotate)` captures it.
  await rotateToken(dataDir, { since: performance.timeOrigin, announce: (token) => printed(`${token}\n`) })
  process.stderr.write(
    `New token written to ${tokenFilePath(dataDir)}. A running Plant Store accepts it at once and refuses the old token within ` +
      `${TOKEN_RECHECK_MS / 1000} second; update your scripts and open the UI again with the new token.\n`
  )
  return 0
}

/** Writes `text` to stdout and resolves once it has been handed to the system. */
function printed(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())))
}

/** Options that belong to another form of the command are refused rather than ignored. */
function refuseStrayOptions(action: string | undefined, values: Partial<Record<'rotate' | 'link' | 'read-only' | 'json', boolean>>): void {
  const misplaced: [boolean, string][] = [
    [values['read-only'] === true && action !== 'add', '--read-only goes with token add'],
    [values.json === true && action !== 'list', '--json goes with token list'],
    [(values.rotate === true || values.link === true) && action !== undefined, `--rotate and --link go with plain token, not token ${action}`],
    [values.rotate === true && values.link === true, 'give either --rotate or --link']
  ]
  const problem = misplaced.find(([wrong]) => wrong)
  if (problem) throw new UsageError(problem[1])
}

/** `--link`: the UI's address with the owner's token in the fragment, as `plant-store serve` prints it. */
async function printUiLink(dataDir: string, env: NodeJS.ProcessEnv): Promise<number> {
  const running = await findRunningServer(dataDir)
  if (!running) throw new CommandError(`no Plant Store is running on ${dataDir}; start it (plant-store serve) first`, EXIT_CODES.failed)
  const address = new URL(running.baseUrl)
  // The token the server checks: never a new one made here, which it would not know.
  const token = await ownerToken(dataDir, env).catch((error: unknown) => {
    throw error instanceof OwnerTokenError ? new CommandError(error.message, EXIT_CODES.notAllowed) : error
  })
  process.stdout.write(`${uiUrl(address.hostname.replace(/^\[|\]$/g, ''), running.port, token)}\n`)
  return EXIT_CODES.ok
}

/** The `token` command. */
export const tokenCommand: Command = { summary: "print the owner's API token; add, list and revoke named tokens", help, run }
