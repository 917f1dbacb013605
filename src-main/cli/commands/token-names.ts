/** `plant-store token add|list|revoke`: the named tokens of a data folder (tokens.json). */
import { OWNER_TOKEN_NAME } from '#shared/named-token'
import { TOKEN_RECHECK_MS } from '#auth/token'
import { addNamedToken, listedToken, readNamedTokens, revokeNamedToken, TokenNameError } from '#auth/named-tokens'
import { CommandError, EXIT_CODES, UsageError } from '#cli/command'
import { printTable } from '#cli/output/table'

/** `token add NAME [--read-only]`: prints the new token once, on stdout alone, so `$(…)` captures it. */
export async function addToken(dataDir: string, name: string | undefined, readOnly: boolean): Promise<number> {
  if (name === undefined) throw new UsageError('name the token: plant-store token add NAME [--read-only]')
  try {
    const created = await addNamedToken(dataDir, name, readOnly ? 'read-only' : 'read-write')
    process.stdout.write(`${created.token}\n`)
    process.stderr.write(
      `Made the ${created.scope} token "${created.name}". It is shown this once: give it to the script now ` +
        '(Plant Store keeps only its hash). A running Plant Store accepts it at once.\n'
    )
    return EXIT_CODES.ok
  } catch (error) {
    if (!(error instanceof TokenNameError)) throw error
    throw new CommandError(error.message, error.taken ? EXIT_CODES.conflict : EXIT_CODES.usage)
  }
}

/** `token list [--json]`: name, scope (and whether it is a paired till's), created, last used; never a secret. */
export async function listTokens(dataDir: string, json: boolean): Promise<number> {
  const tokens = (await readNamedTokens(dataDir)).map(listedToken)
  if (json) {
    process.stdout.write(`${JSON.stringify(tokens, null, 2)}\n`)
    return EXIT_CODES.ok
  }
  const rows = [
    ['NAME', 'SCOPE', 'CREATED', 'LAST USED'],
    ['owner', 'owner', '-', '-']
  ]
  // A paired till's token says so: revoking it unpairs that till.
  for (const token of tokens)
    rows.push([token.name, token.kind === 'till' ? `${token.scope} (till)` : token.scope, token.createdAt, token.lastUsedAt ?? 'never'])
  printTable(rows)
  return EXIT_CODES.ok
}

/** `token revoke NAME`: a running Plant Store refuses the token within a second. */
export async function revokeToken(dataDir: string, name: string | undefined): Promise<number> {
  if (name === undefined) throw new UsageError('name the token to revoke: plant-store token revoke NAME (plant-store token list shows them)')
  if (name.toLowerCase() === OWNER_TOKEN_NAME) throw new UsageError("the owner's token cannot be revoked; replace it with plant-store token --rotate")
  if (!(await revokeNamedToken(dataDir, name))) {
    throw new CommandError(`there is no token named "${name}"; plant-store token list shows them`, EXIT_CODES.notFound)
  }
  process.stderr.write(`Revoked the token "${name}". A running Plant Store refuses it within ${TOKEN_RECHECK_MS / 1000} second.\n`)
  return EXIT_CODES.ok
}
