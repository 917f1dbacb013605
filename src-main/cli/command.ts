/** What every `plant-store` command provides. */
export interface Command {
  /** One line for the main help. */
  summary: string
  /** Full help text of the command (`plant-store help NAME`, `plant-store NAME --help`). */
  help: string
  /** Runs the command with its arguments (never -h/--help: the CLI answers those); resolves with the exit code. */
  run(args: string[], env: NodeJS.ProcessEnv): Promise<number>
}

/** A mistake on the command line; printed as one line, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** Exit codes of `plant-store` commands, so that shell scripts can tell outcomes apart (docs/scripts.md). */
export const EXIT_CODES = {
  ok: 0,
  /** Anything else: server unreachable, disk full, a damaged file… */
  failed: 1,
  /** A mistake on the command line. */
  usage: 2,
  /** No such plant or token, or no Plant Store data in the folder. */
  notFound: 3,
  /** Changed since read (--if-match), a restore of a plant that is not deleted, or a name taken. */
  conflict: 4,
  /** The server refused the values (invalid plant data). */
  invalidInput: 5,
  /** The token was not accepted, or may not do this (read-only). */
  notAllowed: 6
} as const

/** A failure a script may want to tell apart: printed as one line on stderr, exit `exitCode`. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number
  ) {
    super(message)
    this.name = 'CommandError'
  }
}
