/**
 * The error of a setting that cannot be used, wherever it was set: a flag, an environment variable, settings.json.
 * Below the app and the CLI so that every layer that reads a setting can say what is wrong with it.
 */
import { AppError, EXIT_CODES } from '#shared/app-error'

/** A setting with a value that cannot be used; the message names the setting and what it takes. */
export class ConfigError extends AppError {
  constructor(message: string) {
    super(message, { exitCode: EXIT_CODES.usage })
    this.name = 'ConfigError'
  }
}
