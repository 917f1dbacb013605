/** Process entry of the `plant-store` bin: runs the CLI and exits with its code. */
import { runCli } from './cli'
import { stopQuietlyWhenReaderLeaves } from './output/closed-reader'

stopQuietlyWhenReaderLeaves()
process.exitCode = await runCli(process.argv.slice(2))
