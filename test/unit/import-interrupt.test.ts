/** Ctrl+C on an import a running server already has: said in words with how to check, and no effect once answered. */
import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { interruptedImportText, withImportInterruptNotice, type InterruptHost } from '#cli/commands/import-interrupt'

function fakeHost() {
  const signals = new EventEmitter()
  const exit = vi.fn<(code: number) => void>()
  const host: InterruptHost & { said: string[]; exit: typeof exit } = {
    once: (signal, listener) => signals.once(signal, listener),
    removeListener: (signal, listener) => signals.removeListener(signal, listener),
    said: [],
    write(text) {
      this.said.push(text)
    },
    exit
  }
  return { host, interrupt: () => signals.emit('SIGINT') }
}

describe('Ctrl+C on plant-store import while a server imports', () => {
  it('says the import may still be applied and that running it again imports it at most once, and exits 130', async () => {
    const { host, interrupt } = fakeHost()
    let answer!: (value: string) => void
    const sending = withImportInterruptNotice('my plants.csv', () => new Promise<string>((resolve) => (answer = resolve)), host)
    interrupt()
    expect(host.exit).toHaveBeenCalledWith(130)
    expect(host.said.join('')).toBe(interruptedImportText('my plants.csv'))
    expect(host.said.join('')).toContain('Run the same command again')
    expect(host.said.join('')).toContain('"my plants.csv" is imported at most once')
    answer('done')
    await sending
  })

  it('changes nothing once the server answered: the outcome keeps its own exit code', async () => {
    const { host, interrupt } = fakeHost()
    expect(await withImportInterruptNotice('plants.csv', async () => 'Imported.', host)).toBe('Imported.')
    interrupt()
    interrupt()
    expect(host.exit).not.toHaveBeenCalled()
    expect(host.said).toEqual([])
  })
})
