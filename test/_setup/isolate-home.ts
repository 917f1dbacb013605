/**
 * Points every per-user folder at a throw-away directory, so no test can reach
 * the real data folder even when it forgets to pass --data.
 */
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const home = mkdtempSync(path.join(os.tmpdir(), 'plant-store-home-'))
process.env.HOME = home
process.env.XDG_CONFIG_HOME = path.join(home, '.config')
process.env.APPDATA = path.join(home, 'AppData')
delete process.env.PLANT_STORE_DATA
delete process.env.PLANT_STORE_PORT
delete process.env.PLANT_STORE_TOKEN
