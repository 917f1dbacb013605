/**
 * The real `plant-store` refuses a data folder that another account could
 * tamper with (and, run as root, a user's folder it would fill with root-owned
 * files), never follows a link planted in it, and never lets the token re-read pick
 * up a file that is not the user's own 0600 file. Runs as root, using
 * `nobody` as "another account".
 */
import { chmod, chown, readFile, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { addPlant, runCli, startServe } from '#setup/serve-process'
import { FERN_CATALOGUE as CATALOGUE, catalogueFolder as dataFolder } from '#setup/catalogue-folder'
import { makeTempDir } from '#setup/temp-dir'
import { IS_ROOT, NOBODY, giveToUnprivileged, runAsUnprivileged } from '#setup/unprivileged'

const TOKEN = 'trust-test-token-0123456789abcdef0123456789'
const ENV = { PLANT_STORE_TOKEN: TOKEN }

function serve(dir: string, env: NodeJS.ProcessEnv = ENV) {
  return runCli(['serve', '--port', '0', '--data', dir], env)
}

const add = addPlant

describe('a data folder that other accounts can write (StrictModes)', () => {
  it('refuses a folder writable by others in one line naming it and the chmod, and writes nothing', async () => {
    const dir = await dataFolder()
    await chmod(dir, 0o777)
    const result = await serve(dir)
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toContain(`Refusing to use the data folder ${dir}: ${dir} can be changed by other accounts (mode 0777)`)
    expect(result.stderr).toContain(`chmod -R go-w ${dir}`)
    expect(await readdir(dir)).toEqual(['plants.json'])
    // The fix it names works.
    await chmod(dir, 0o755)
    const fixed = await startServe(dir, [], ENV)
    expect((await add(fixed, 'Palm')).status).toBe(200)
  })

  it.each(['plants.json', 'token', 'lock'])('refuses a %s that others can write', async (name) => {
    const dir = await dataFolder()
    const file = path.join(dir, name)
    if (name !== 'plants.json') await writeFile(file, name === 'token' ? `${'t'.repeat(43)}\n` : '{}')
    await chmod(file, 0o666)
    const result = await serve(dir, name === 'token' ? { PLANT_STORE_TOKEN: undefined } : ENV)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${file} can be changed by other accounts (mode 0666)`)
    expect(result.stderr).toContain('chmod -R go-w')
  })

  it('refuses a tokens.json (named tokens) that others can write', async () => {
    const dir = await dataFolder()
    const file = path.join(dir, 'tokens.json')
    await writeFile(file, '{"tokens": []}')
    await chmod(file, 0o666)
    const listed = await runCli(['token', 'list', '--data', dir], { PLANT_STORE_TOKEN: undefined })
    expect(listed.code).not.toBe(0)
    expect(listed.stderr).toContain(`${file} can be changed by other accounts (mode 0666)`)
  })

  it.each(['plants.json', 'token', 'journal-000002.jsonl'])('refuses a %s that is a symbolic link, and leaves its target alone', async (name) => {
    const dir = await dataFolder()
    const elsewhere = path.join(path.dirname(dir), 'elsewhere')
    await writeFile(elsewhere, name === 'token' ? `${'e'.repeat(43)}\n` : CATALOGUE, { mode: 0o600 })
    await rm(path.join(dir, name), { force: true })
    await symlink(elsewhere, path.join(dir, name), 'file')
    const result = await serve(dir, { PLANT_STORE_TOKEN: undefined })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${path.join(dir, name)} is a symbolic link (to ${elsewhere}); Plant Store never follows links`)
    expect(await readFile(elsewhere, 'utf8')).toBe(name === 'token' ? `${'e'.repeat(43)}\n` : CATALOGUE)
  })

  it('never writes through a link planted at a temp file name (plants.json, server.json)', async () => {
    const dir = await dataFolder()
    const victims = [path.join(path.dirname(dir), 'victim-1'), path.join(path.dirname(dir), 'victim-2')]
    for (const victim of victims) await writeFile(victim, 'precious', { mode: 0o600 })
    await symlink(victims[1]!, path.join(dir, 'server.json.tmp')) // where server.json was written at every start
    const server = await startServe(dir, [], ENV)
    expect((await add(server, 'Palm')).status).toBe(200)
    await symlink(victims[0]!, path.join(dir, '.plants.json.tmp')) // planted while it runs, where a checkpoint writes
    expect(await server.stop('SIGTERM')).toBe(0) // the final checkpoint writes plants.json
    for (const victim of victims) expect(await readFile(victim, 'utf8')).toBe('precious')
    const saved = JSON.parse(await readFile(path.join(dir, 'plants.json'), 'utf8'))
    expect(saved.plants.map((plant: { name: string }) => plant.name)).toEqual(['Fern', 'Palm'])
    expect((await stat(path.join(dir, 'plants.json'))).isFile()).toBe(true)
  })
})

describe.runIf(IS_ROOT)('files of another user', () => {
  it("as root, refuses a user's folder instead of filling it with root-owned files, naming the owner and the fix", async () => {
    const dir = await dataFolder()
    await giveToUnprivileged(dir, path.join(dir, 'plants.json'))
    const result = await serve(dir)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${dir} belongs to nobody, not to root who runs Plant Store`)
    expect(result.stderr).toContain('sudo -u nobody plant-store')
    expect(result.stderr).toContain(`chown -R root ${dir}`)
    expect(await readdir(dir)).toEqual(['plants.json']) // no root-owned lock, journal or token left behind
    for (const command of [
      ['token', '--data', dir],
      ['backup', '--data', dir],
      ['token', '--rotate', '--data', dir]
    ]) {
      const other = await runCli(command)
      expect(other.code, command.join(' ')).toBe(1)
      expect(other.stderr).toContain('belongs to nobody')
    }
    expect(await readdir(dir)).toEqual(['plants.json'])
  })

  it('names the files another user owns that block a start, and the chown that fixes them', async () => {
    const dir = await dataFolder()
    await writeFile(path.join(dir, 'token'), `${'r'.repeat(43)}\n`, { mode: 0o600 })
    await giveToUnprivileged(dir) // the folder is nobody's; plants.json and token stayed root's (an earlier start as root)
    await chmod(path.dirname(dir), 0o755) // so that nobody can reach it
    const result = await runAsUnprivileged(['serve', '--port', '0', '--data', dir], { PLANT_STORE_TOKEN: undefined })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${path.join(dir, 'plants.json')} belongs to root, not to nobody`)
    expect(result.stderr).toContain('sudo chown -R nobody')
    await chown(path.join(dir, 'plants.json'), NOBODY!.uid, NOBODY!.gid)
    const second = await runAsUnprivileged(['token', '--data', dir])
    expect(second.stderr).toContain(`${path.join(dir, 'token')} belongs to root`)
  })

  it('restores a backup kept on a FAT stick, where every file is 0777 and owned by whoever mounted it', async () => {
    const stick = await makeTempDir()
    const backup = path.join(stick, 'plants-backup.json')
    await writeFile(backup, CATALOGUE)
    await chmod(backup, 0o777)
    await chmod(stick, 0o777)
    await giveToUnprivileged(stick, backup)
    const dir = await makeTempDir()
    const restored = await runCli(['restore', '--from', backup, '--data', dir])
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    const server = await startServe(dir, [], ENV)
    expect((await add(server, 'Palm')).status).toBe(200)
  })
})

describe('the token re-read of a running server', () => {
  it('never takes a token from a link, a file others can read, or a file of another user; a real rotation still works', async () => {
    const dir = await dataFolder()
    const server = await startServe(dir, [], { PLANT_STORE_TOKEN: undefined })
    const file = path.join(dir, 'token')
    const planted = 'planted-token-0123456789abcdef0123456789ab'
    const elsewhere = path.join(path.dirname(dir), 'planted')
    await writeFile(elsewhere, `${planted}\n`, { mode: 0o600 })
    const replaceToken = async (mode: number) => {
      await rm(file, { force: true })
      await writeFile(file, `${planted}\n`, { mode })
      await chmod(file, mode)
    }
    const attempts: [RegExp, () => Promise<void>][] = [
      [
        /token cannot be used: it is a symbolic link/,
        async () => {
          await symlink(elsewhere, `${file}.link`)
          await rename(`${file}.link`, file)
        }
      ],
      [/token cannot be used: .*token has mode 0644, not 0600/, () => replaceToken(0o644)]
    ]
    if (IS_ROOT) {
      attempts.push([
        /token cannot be used: .*token belongs to nobody/,
        async () => {
          await replaceToken(0o600)
          await giveToUnprivileged(file)
        }
      ])
    }
    for (const [refusal, plant] of attempts) {
      await plant()
      // Once the server has looked at the planted file and said why it ignores it, the planted token must not work.
      await expect.poll(() => server.output()).toMatch(refusal)
      expect((await add(server, 'planted', planted)).status, String(refusal)).toBe(401)
      expect((await add(server, 'own token')).status, String(refusal)).toBe(200)
    }
    await rm(file, { force: true })
    const fresh = (await runCli(['token', '--rotate', '--data', dir])).stdout.trim()
    await expect.poll(async () => (await add(server, 'after rotation', fresh)).status).toBe(200)
  })
})
