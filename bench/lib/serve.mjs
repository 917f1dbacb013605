/** Starts the real built server (`plant-store serve`) on `dataDir` with `token`, for the bench's transfer and bulk rows. */
import { spawn } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Resolves with the child process, its API base URL and what it printed, once it listens (its UI line printed); `root` is the checkout whose build runs. */
export async function startServe(dataDir, token, root = ROOT) {
  const child = spawn(process.execPath, [path.join(root, 'bin/plant-store.js'), 'serve', '--port', '0', '--data', dataDir], {
    env: { ...process.env, PLANT_STORE_TOKEN: token, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let output = ''
  const baseUrl = await new Promise((resolve, reject) => {
    // Keep reading stdout after the ready line: a closed pipe would kill the server with EPIPE.
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = /listening at (http:\/\/\S+\/v3)/.exec(output)
      if (match && /^Plant Store UI: /m.test(output)) resolve(match[1])
    })
    child.once('exit', () => reject(new Error(`serve did not start:\n${output}`)))
  })
  return { child, baseUrl, output: () => output }
}
