/**
 * A folder copied whole and proven equal before anyone relies on the copy: every file's size and SHA-256 compared
 * with the original's, and nothing missing or extra on either side. Used to move a folder to another drive or share,
 * where a rename cannot go: the original stays untouched and in use until the copy is proven. Regular files and
 * folders only; anything else (a link, a device) stops the copy rather than be copied as something it is not.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, open, readdir, stat } from 'node:fs/promises'
import { constants as fsConstants } from 'node:fs'
import path from 'node:path'
import { nodeFileSystem, syncDirectory } from './durable-file'

/** Which entries are left out, by their path relative to the folder ('/'-separated on every system). */
export type CopySkip = (relative: string) => boolean

/** A folder's folders and files, relative to it, parents before their children. */
interface Tree {
  folders: string[]
  files: string[]
}

async function treeOf(root: string, skip: CopySkip): Promise<Tree> {
  const tree: Tree = { folders: [], files: [] }
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (skip(name)) continue
      if (entry.isDirectory()) {
        tree.folders.push(name)
        await walk(name)
      } else if (entry.isFile()) {
        tree.files.push(name)
      } else {
        throw new Error(`${path.join(root, name)} is neither a file nor a folder, so it is not copied`)
      }
    }
  }
  await walk('')
  tree.folders.sort()
  tree.files.sort()
  return tree
}

/** SHA-256 of a file's content, read as a stream (a backup may be large). */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * Copies the folder `from` into `to`, a folder that must not exist yet (its parent must), durably: every file is
 * fsynced, and so is every folder where the system allows it. Entries `skip` names are left out.
 */
export async function copyTree(from: string, to: string, skip: CopySkip = () => false): Promise<void> {
  const tree = await treeOf(from, skip)
  await mkdir(to)
  for (const folder of tree.folders) await mkdir(path.join(to, folder))
  for (const file of tree.files) {
    const target = path.join(to, file)
    await copyFile(path.join(from, file), target, fsConstants.COPYFILE_EXCL)
    const handle = await open(target, 'r+')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  }
  for (const folder of ['', ...tree.folders]) await syncDirectory(nodeFileSystem, path.join(to, folder))
}

/** What a proven copy holds. */
export interface CopyProof {
  files: number
  bytes: number
}

/**
 * Proves `to` a faithful copy of `from` (with the entries `skip` names left out of both): the same folders and files,
 * each file of the same size and SHA-256. Throws, naming the first difference, otherwise.
 */
export async function verifyCopy(from: string, to: string, skip: CopySkip = () => false): Promise<CopyProof> {
  const [original, copy] = await Promise.all([treeOf(from, skip), treeOf(to, skip)])
  const differs = (a: string[], b: string[]) => {
    const [inA, inB] = [new Set(a), new Set(b)]
    return a.find((name) => !inB.has(name)) ?? b.find((name) => !inA.has(name))
  }
  const odd = differs(original.folders, copy.folders) ?? differs(original.files, copy.files)
  if (odd !== undefined) throw new Error(`the copy ${to} and ${from} differ: ${odd} is in only one of them`)
  let bytes = 0
  for (const file of original.files) {
    const [a, b] = [path.join(from, file), path.join(to, file)]
    const [sizeA, sizeB] = [(await stat(a)).size, (await stat(b)).size]
    if (sizeA !== sizeB || (await sha256Of(a)) !== (await sha256Of(b))) throw new Error(`the copy of ${a} in ${to} differs from it`)
    bytes += sizeA
  }
  return { files: original.files.length, bytes }
}
