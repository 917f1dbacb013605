/**
 * The one base of the errors Plant Store throws on purpose, in every layer
 * (the store, auth, the CLI, the shared client): each carries the exit code
 * `plant-store` ends with when it reaches the command line, and the name of
 * the problem row the server answers with when it reaches a route unhandled.
 * Domain-free and platform-free, so that lib/ and the browser can use it too.
 */

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

/** One of {@link EXIT_CODES}. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES]

/** What an error says of itself beyond its message. */
export interface AppErrorOptions {
  /** The exit code of `plant-store` when the error ends a command; `failed` (1) unless given. */
  exitCode?: ExitCode
  /** The name of the server's problem row for the error (server/problems), where the server answers with one. */
  problemName?: string
}

/** An error thrown on purpose: its message is written for a person; its exit code and problem name travel with it. */
export abstract class AppError extends Error {
  /** The exit code of `plant-store` when this error ends a command. */
  declare readonly exitCode: ExitCode
  /** The name of the problem row the server answers with (server/problems), or undefined where it answers with none. */
  declare readonly problemName: string | undefined

  constructor(message?: string, options: AppErrorOptions = {}) {
    super(message)
    // Not enumerable: an error logged (util.inspect) or compared in a test shows the fields it always had, no more.
    Object.defineProperties(this, {
      exitCode: { value: options.exitCode ?? EXIT_CODES.failed },
      problemName: { value: options.problemName }
    })
  }
}
