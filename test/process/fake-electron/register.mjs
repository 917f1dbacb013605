// `node --import ./register.mjs out/main/index.js`: the built main process with `electron` replaced by electron.mjs.
import { register } from 'node:module'

register('./hooks.mjs', import.meta.url)
