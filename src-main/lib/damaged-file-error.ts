import { AppError } from '#shared/app-error'

/**
 * A file of the data folder (settings.json, tokens.json) that is there but cannot be used. The message names the
 * file, what is wrong with it and how to repair it; what does not need the file goes on working. In lib/ because
 * settings and auth, which stay apart, both throw it.
 */
export class DamagedFileError extends AppError {
  constructor(
    readonly file: string,
    message: string
  ) {
    super(message, { problemName: 'fileDamaged' })
    this.name = 'DamagedFileError'
  }
}
