import { AppError, EXIT_CODES, type ExitCode } from '#shared/app-error'

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
export class UsageError extends AppError {
  constructor(message: string) {
    super(message, { exitCode: EXIT_CODES.usage })
    this.name = 'UsageError'
  }
}

/** Exit codes of `plant-store` commands (docs/scripts.md); they live with the errors' base, which carries one. */
export { EXIT_CODES }

/** A failure a script may want to tell apart: printed as one line on stderr, exit `exitCode`. */
export class CommandError extends AppError {
  constructor(message: string, exitCode: ExitCode) {
    super(message, { exitCode })
    this.name = 'CommandError'
  }
}
