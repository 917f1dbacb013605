/** Temporary data directories, removed after the test that made them. */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { onTestFinished } from 'vitest'

/** A fresh empty directory for this test, deleted when the test finishes. */
export async function makeTempDir(prefix = 'plant-store-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}
