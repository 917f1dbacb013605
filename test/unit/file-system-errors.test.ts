import { describe, expect, it } from 'vitest'
import { describeWriteFailure, fileSystemProblem } from '#store/errors'
import { describeStartFailure } from '#app/start-failure'

const errno = (code: string, path?: string) => Object.assign(new Error(`${code}: failed`), { code, path })

describe('the one errno-to-words table', () => {
  it.each([
    ['ENOSPC', 'the disk is full'],
    ['EDQUOT', 'the disk quota is used up'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'permission denied'],
    ['EROFS', 'the disk is read-only'],
    ['EIO', 'the disk reported an input/output error'],
    ['EMFILE', 'too many files are open']
  ])('words %s the same for a failed write and a refused start', (code, problem) => {
    expect(fileSystemProblem(errno(code))).toMatchObject({ code, problem })
    expect(describeWriteFailure(errno(code))).toMatch(new RegExp(`^${problem}; .+ \\(${code}\\)$`))
    expect(describeStartFailure(errno(code, '/data/plants.json'))).toContain(`Cannot use the data folder: ${problem} (${code}) at /data/plants.json.`)
  })

  it('keeps the message of an error it has no words for', () => {
    expect(fileSystemProblem(errno('EWHATEVER'))).toBeUndefined()
    expect(describeWriteFailure(errno('EWHATEVER'))).toBe('EWHATEVER: failed')
    expect(describeWriteFailure('plain text')).toBe('plain text')
  })
})
