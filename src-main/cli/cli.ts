/**
 * `plant-store` command line: the headless way to run and look after the
 * service. No Electron import here or below.
 */
import { NoCatalogueError } from '#app/catalogue-folder'
import { CommandError, EXIT_CODES, UsageError, type Command } from './command'
import { backupCommand } from '#cli/commands/backup'
import { configCommand } from '#cli/commands/config'
import { exportCommand } from '#cli/commands/export'
import { importCommand } from '#cli/commands/import'
import { lanCommand } from '#cli/commands/lan'
import { pairCommand } from '#cli/commands/pair'
import { plantsCommand } from '#cli/commands/plants'
import { salesCommand } from '#cli/commands/sales'
import { dayCommand } from '#cli/commands/day'
import { restoreCommand } from '#cli/commands/restore'
import { serveCommand } from '#cli/commands/serve'
import { tokenCommand } from '#cli/commands/token'
import { ConfigError } from '#settings/errors'
import { BackupFolderError } from '#backup-folder/check-folder'
import { OffsiteBackupError } from '#backup-folder/offsite-backup'
import { describeStartFailure } from '#app/start-failure'
import { ApiError } from '#shared/api-client'
import { StoreClosedError, WriteFailedError } from '#store/errors'
import { maxOf } from '#shared/arrays'
import { AppError } from '#shared/app-error'
import { OWNER_WITHOUT_PIN } from '#cli/output/help-notes'

/** Every command, by name. Add new commands here. */
const COMMANDS: Readonly<Record<string, Command>> = {
  serve: serveCommand,
  backup: backupCommand,
  restore: restoreCommand,
  token: tokenCommand,
  plants: plantsCommand,
  sales: salesCommand,
  day: dayCommand,
  export: exportCommand,
  import: importCommand,
  config: configCommand,
  lan: lanCommand,
  pair: pairCommand
}

/** The command a person typed, if there is one: `plant-store constructor` names no command, not Object's own member. */
function commandNamed(name: string): Command | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
}

function mainHelp(): string {
  const width = maxOf(Object.keys(COMMANDS).map((name) => name.length)) + 2
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}${command.summary}`)
  return `plant-store — the plant catalogue of one shop, with a local HTTP API

Usage: plant-store <command> [options]

Commands:
${lines.join('\n')}
  ${'help'.padEnd(width)}show this help, or a command's: plant-store help serve

Options:
  -h, --help     show help
  -v, --version  show the version

${OWNER_WITHOUT_PIN}
`
}

/** Runs the CLI with `argv` (without node and script); resolves with the exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...rest] = argv
  try {
    if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
      const topic = rest[0] !== undefined ? commandNamed(rest[0]) : undefined
      process.stdout.write(topic ? topic.help : mainHelp())
      return 0
    }
    if (name === '--version' || name === '-v') {
      process.stdout.write(`${__APP_VERSION__}\n`)
      return 0
    }
    const command = commandNamed(name)
    if (!command) throw new UsageError(`unknown command "${name}"; run plant-store --help to see the commands`)
    // Every command answers -h/--help the same way, so none parses it itself.
    const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest
    if (options.includes('--help') || options.includes('-h')) {
      process.stdout.write(command.help)
      return 0
    }
    return await command.run(rest, env)
  } catch (error) {
    return reportFailure(error)
  }
}

/**
 * The errors a command ends with on purpose whose message is the whole story (other expected errors have words of
 * their own below, or are start failures); any other error reaching here is a bug, shown with its stack trace.
 */
const TOLD_AS_IS = [UsageError, ConfigError, CommandError, NoCatalogueError, OffsiteBackupError, BackupFolderError]

/** A mistake in the options, as node:util's parseArgs reports it. */
function isParseArgsError(error: unknown): error is Error {
  return (error as { code?: string } | undefined)?.code?.startsWith('ERR_PARSE_ARGS') === true
}

/** Words a person can act on for an expected failure, or undefined for an unexpected one. */
function failureWords(error: unknown): string | undefined {
  if (isParseArgsError(error) || TOLD_AS_IS.some((told) => error instanceof told)) return (error as Error).message
  if (error instanceof ApiError) return `the server answered ${error.status}: ${error.detail}`
  // The store's own refusal (every id used, a full disk, a lost folder): its words, as the server gives them.
  if (error instanceof WriteFailedError || error instanceof StoreClosedError)
    return `the change was NOT saved: ${error.message}. Nothing was changed.`
  return describeStartFailure(error)
}

/** Prints a failure as a message a person can act on (a stack trace only for the unexpected); returns the exit code. */
function reportFailure(error: unknown): number {
  const words = failureWords(error)
  if (words === undefined) {
    process.stderr.write(`plant-store: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`)
    return EXIT_CODES.failed
  }
  process.stderr.write(`plant-store: ${words}\n`)
  // Every error thrown on purpose carries its exit code; the others known here (a parse error, a port in use, a
  // file-system error) are a usage mistake or a plain failure.
  return error instanceof AppError ? error.exitCode : isParseArgsError(error) ? EXIT_CODES.usage : EXIT_CODES.failed
}
