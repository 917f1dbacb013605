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
