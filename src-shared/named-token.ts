/**
 * Named tokens: besides the owner's token, one token per script or till,
 * each with a scope, that the owner can create and revoke. Shared by the
 * server, the CLI and the staff UI's Settings dialog.
 */
import { leafOf, named, objectOf, oneOfValues } from './body-rules'

/** What a named token may do: read and change plants, or only read them. */
export const TOKEN_SCOPES = ['read-write', 'read-only'] as const

export type TokenScope = (typeof TOKEN_SCOPES)[number]

/** The name the owner's own token goes by (in `token list` and, later, the history's `by`); no named token may take it. */
export const OWNER_TOKEN_NAME = 'owner'

/**
 * What the change log's `by` says for changes made without a named token: the staff UI, the command line, an
 * import. A token may not take one of these names (nor the owner's), or the log could not tell its changes apart,
 * and a plant its holder added as sold would not count as a sale (an import's never does).
 */
export const OWN_ACTORS: ReadonlyMap<string, string> = new Map([
  ['ui', 'the staff app'],
  ['cli', 'the command line'],
  ['import', 'an import']
])

/** Names no new token may take, in any case: the owner's and the change log's own actors. */
export const RESERVED_TOKEN_NAMES: readonly string[] = [OWNER_TOKEN_NAME, ...OWN_ACTORS.keys()]

/** Longest token name. */
export const TOKEN_NAME_MAX = 40

/** A named token as listed: never its secret. */
export interface NamedTokenInfo {
  name: string
  scope: TokenScope
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601; absent when never used. */
  lastUsedAt?: string
  /** `till` for a till paired over the shop's network (it may connect to the LAN listener); absent for a script's token. */
  kind?: TokenKind
}

/** The one kind of named token beside a script's: a paired till's. */
export type TokenKind = 'till'

/** A token just created: the only time its secret is shown. */
export interface CreatedToken extends NamedTokenInfo {
  token: string
}

/** True when `value` is one of the scopes. */
export function isTokenScope(value: unknown): value is TokenScope {
  return (TOKEN_SCOPES as readonly unknown[]).includes(value)
}

/** The characters of a token name (ASCII only, so its length is the same counted in any unit). */
const TOKEN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** What a name names, in the words of the form it is typed in: a script's token, or a till's name (its token's). */
export type TokenNameOf = 'token' | 'till'

const NAME_WORDS: Record<TokenNameOf, { missing: string; noun: string }> = {
  token: { missing: 'give the token a name, e.g. till-1 or price-script', noun: 'a token name' },
  till: { missing: 'give this till a name, e.g. till-1 or door', noun: "a till's name" }
}

/**
 * What is wrong with `name` as a stored token's name (its form, and never the owner's), or undefined. A token
 * named after one of {@link OWN_ACTORS} before they were refused still loads.
 */
export function storedTokenNameProblem(name: unknown, of: TokenNameOf = 'token'): string | undefined {
  const words = NAME_WORDS[of]
  if (typeof name !== 'string' || name === '') return words.missing
  if (name.length > TOKEN_NAME_MAX) return `${words.noun} has at most ${TOKEN_NAME_MAX} characters`
  if (!TOKEN_NAME_PATTERN.test(name)) {
    return `${words.noun} holds only letters, digits, dots, dashes and underscores, and starts with a letter or digit`
  }
  if (name.toLowerCase() === OWNER_TOKEN_NAME) return `"${OWNER_TOKEN_NAME}" is the name of the owner's own token; choose another`
  return undefined
}

/** What is wrong with `name` as a new token's name, or undefined when it is fine. */
export function tokenNameProblem(name: unknown, of: TokenNameOf = 'token'): string | undefined {
  const problem = storedTokenNameProblem(name, of)
  const actor = problem === undefined ? OWN_ACTORS.get((name as string).toLowerCase()) : undefined
  if (actor === undefined) return problem
  return `"${name as string}" is what the change log calls changes made by ${actor}; choose another name, e.g. till-1`
}

/** A JSON Schema pattern matching `word` in any case (`[Oo][Ww]…`). */
const anyCase = (word: string) => [...word].map((letter) => `[${letter.toUpperCase()}${letter}]`).join('')

/** A new token's name (`of` says whose, for the words): its check and its JSON Schema. */
const nameRule = (of: TokenNameOf) =>
  leafOf<string>((name) => tokenNameProblem(name, of), {
    type: 'string',
    minLength: 1,
    maxLength: TOKEN_NAME_MAX,
    pattern: TOKEN_NAME_PATTERN.source,
    not: { pattern: `^(${RESERVED_TOKEN_NAMES.map(anyCase).join('|')})$` },
    description:
      `Letters, digits, dots, dashes and underscores, starting with a letter or digit; at most ${TOKEN_NAME_MAX}; ` +
      `none of ${RESERVED_TOKEN_NAMES.map((reserved) => `"${reserved}"`).join(', ')} in any case.`
  })

/** A new token's name: its check and its JSON Schema. */
export const TOKEN_NAME_RULE = nameRule('token')
/** A till's name as the till gives it when it pairs (its token's name), refused in words about the till. */
export const TILL_NAME_RULE = nameRule('till')

/** A new token's scope; read-write when absent. Null is refused, as everywhere a body gives null for a value. */
const TOKEN_SCOPE = oneOfValues(TOKEN_SCOPES, (shown) => `scope must be "read-write" or "read-only" (or left out for read-write); got ${shown}`, {
  default: 'read-write',
  description: 'What the token may do; read-write when absent.'
})

/** The body of POST /v3/tokens. */
export const NEW_TOKEN_BODY = named(
  'NewToken',
  objectOf<{ name: string; scope?: TokenScope }>(
    { name: TOKEN_NAME_RULE, scope: TOKEN_SCOPE },
    {
      required: ['name'],
      notAnObject: 'send a JSON object such as {"name": "till-1", "scope": "read-only"}',
      unknownKey: (key) => `unknown field "${key}"; send {"name": …, "scope": "read-only" or "read-write"}`
    }
  )
)
