/**
 * A child process of the lock takeover test, driven by lines on stdin:
 * `go DIR` takes DIR's lock and answers `won` or `lost <why>`; `release` lets
 * go of the lock it holds and answers `released`. It says `ready` once loaded,
 * so that the test can tell every contender to go at the same moment.
 */
import { createInterface } from 'node:readline'
import { acquireDataDirLock, type DataDirLock } from '#store/folder/lock'

let held: DataDirLock | undefined

function reply(text: string): void {
  process.stdout.write(`${text}\n`)
}

async function obey(line: string): Promise<void> {
  const [command, dir] = line.split(' ')
  if (command === 'go') {
    try {
      held = await acquireDataDirLock(dir!, `contender ${process.pid}`)
      reply('won')
    } catch (error) {
      reply(`lost ${error instanceof Error ? error.message : String(error)}`)
    }
  } else if (command === 'release') {
    await held?.release()
    held = undefined
    reply('released')
  }
}

createInterface({ input: process.stdin }).on('line', (line) => void obey(line))
reply('ready')
