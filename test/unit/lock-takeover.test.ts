/**
 * Several processes find the same stale lock (its holder was killed) at the
 * same moment: exactly one of them may take the folder over.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acquireDataDirLock } from '#store/folder/lock'
import { bundleForNode } from '#setup/bundle-for-node'
import { makeTempDir } from '#setup/temp-dir'

const CONTENDERS = 4
const ROUNDS = 20

/** A contender process and its answers, one per command. */
interface Contender {
  child: ChildProcessWithoutNullStreams
  answer(command: string): Promise<string>
}

let bundle: string
let bundleDir: string

beforeAll(async () => {
  bundleDir = await mkdtemp(path.join(os.tmpdir(), 'plant-store-lock-contender-'))
  bundle = await bundleForNode(path.resolve(import.meta.dirname, '../_setup/lock-contender.ts'), bundleDir)
})

afterAll(() => rm(bundleDir, { recursive: true, force: true }))

async function startContender(): Promise<Contender> {
  const child = spawn(process.execPath, [bundle])
  const lines = createInterface({ input: child.stdout })
  const waiting: ((line: string) => void)[] = []
  lines.on('line', (line) => waiting.shift()?.(line))
  const next = () => new Promise<string>((resolve) => waiting.push(resolve))
  expect(await next()).toBe('ready')
  return {
    child,
    answer: (command) => {
      const answered = next()
      child.stdin.write(`${command}\n`)
      return answered
    }
  }
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid!
}

describe('a stale lock found by several processes at once', () => {
  it(`is taken over by exactly one of ${CONTENDERS} (${ROUNDS} rounds)`, { timeout: 60_000 }, async () => {
    const contenders = await Promise.all(Array.from({ length: CONTENDERS }, startContender))
    try {
      const dead = await deadPid()
      const root = await makeTempDir()
      for (let round = 0; round < ROUNDS; round++) {
        const dir = path.join(root, `round-${round}`)
        await mkdir(dir)
        await writeFile(path.join(dir, 'lock'), JSON.stringify({ pid: dead, holder: 'plant-store serve', since: `round ${round}` }))
        const answers = await Promise.all(contenders.map((contender) => contender.answer(`go ${dir}`)))
        const winners = contenders.filter((_, index) => answers[index] === 'won')
        expect(winners, `round ${round}: ${answers.join(' | ')}`).toHaveLength(1)
        const winner = winners[0]!
        expect(JSON.parse(await readFile(path.join(dir, 'lock'), 'utf8')).pid).toBe(winner.child.pid)
        // The others are refused, naming the winner (or, caught while a rival moved the stale lock aside, a start in progress).
        const refusal = new RegExp(`^lost .* is in use by (contender ${winner.child.pid} |another Plant Store that is starting)`)
        for (const answer of answers.filter((text) => text !== 'won')) expect(answer).toMatch(refusal)
        expect(await winner.answer('release')).toBe('released')
      }
    } finally {
      for (const contender of contenders) contender.child.kill()
    }
  })

  it('is taken over at once when a process was killed in the middle of a takeover (its marker names a dead process)', async () => {
    const dir = await makeTempDir()
    const lockFile = path.join(dir, 'lock')
    await writeFile(lockFile, JSON.stringify({ pid: await deadPid(), holder: 'plant-store serve', since: 'then' }))
    await writeFile(`${lockFile}.takeover`, String(await deadPid())) // written just now, by a process that is gone
    const lock = await acquireDataDirLock(dir, 'me')
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid)
    await lock.release()
  })

  it('is taken over even when a process was killed in the middle of a takeover (its marker is old)', async () => {
    const dir = await makeTempDir()
    const lockFile = path.join(dir, 'lock')
    await writeFile(lockFile, JSON.stringify({ pid: await deadPid(), holder: 'plant-store serve', since: 'then' }))
    await writeFile(`${lockFile}.takeover`, String(process.pid)) // a live process (its pid recycled since), but the marker is old
    const old = new Date(Date.now() - 60_000)
    await utimes(`${lockFile}.takeover`, old, old)
    const lock = await acquireDataDirLock(dir, 'me')
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid)
    await lock.release()
  })
})
