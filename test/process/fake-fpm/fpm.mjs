// A stand-in for fpm (`-s dir -t deb` only), which electron-builder would download: it takes the arguments
// electron-builder's own deb target computes (app-builder-lib/out/targets/FpmTarget.js: the files as source=destination,
// the control fields, the maintainer scripts) and builds the package with Debian's dpkg-deb. The packaging test points
// CUSTOM_FPM_PATH at it. An option it does not know stops it, so a new fpm option in the configuration shows up here.
import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const FLAGS = new Set(['--force', '--debug'])
const WITH_VALUE = new Set([
  '-s',
  '-t',
  '-d',
  '--log',
  '--deb-recommends',
  '--deb-compression',
  '--deb-priority',
  '--architecture',
  '--after-install',
  '--after-remove',
  '--description',
  '--version',
  '--package',
  '--name',
  '--maintainer',
  '--vendor',
  '--url',
  '--category',
  '--license',
  '--iteration'
])

/** The options (repeatable ones as lists) and the source=destination mappings of an fpm command line. */
function parse(args) {
  const options = new Map()
  const files = []
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]
    if (FLAGS.has(arg)) continue
    if (WITH_VALUE.has(arg)) {
      options.set(arg, [...(options.get(arg) ?? []), args[++at]])
      continue
    }
    if (arg.startsWith('-')) throw new Error(`stand-in fpm: unknown option ${arg}`)
    const [source, destination] = arg.split('=')
    if (!source || !destination) throw new Error(`stand-in fpm: not source=destination: ${arg}`)
    files.push({ source: path.resolve(source), destination, contents: source.endsWith('/') })
  }
  return { option: (name) => options.get(name)?.at(-1), list: (name) => options.get(name) ?? [], files }
}

function sizeInKiB(dir) {
  const result = spawnSync('du', ['-sk', dir], { encoding: 'utf8' })
  return Number(result.stdout.split(/\s/)[0])
}

const { option, list, files } = parse(process.argv.slice(2))
if (option('-s') !== 'dir' || option('-t') !== 'deb') throw new Error('stand-in fpm: only -s dir -t deb')
const root = mkdtempSync(path.join(os.tmpdir(), 'stand-in-fpm-'))
try {
  for (const { source, destination, contents } of files) {
    const target = path.join(root, destination)
    mkdirSync(path.dirname(target), { recursive: true })
    // fpm: "dir/=dest" puts the folder's contents at dest; a file keeps its mode.
    cpSync(source, target, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true })
    if (!contents && statSync(source).isFile()) chmodSync(target, statSync(source).mode & 0o7777)
  }
  const debian = path.join(root, 'DEBIAN')
  mkdirSync(debian)
  const [synopsis, ...more] = option('--description').split('\n')
  const control = [
    `Package: ${option('--name')}`,
    `Version: ${option('--version')}`,
    `Architecture: ${option('--architecture')}`,
    `Maintainer: ${option('--maintainer')}`,
    `Installed-Size: ${sizeInKiB(root)}`,
    `Depends: ${list('-d').join(', ')}`,
    ...(list('--deb-recommends').length ? [`Recommends: ${list('--deb-recommends').join(', ')}`] : []),
    `Section: ${option('--category') ?? 'default'}`,
    `Priority: ${option('--deb-priority') ?? 'optional'}`,
    `Homepage: ${option('--url')}`,
    `Description: ${synopsis}`,
    ...more.map((line) => (line.trim() === '' ? ' .' : ` ${line.trim()}`))
  ]
  writeFileSync(path.join(debian, 'control'), control.join('\n') + '\n')
  for (const [name, script] of [
    ['postinst', option('--after-install')],
    ['postrm', option('--after-remove')]
  ]) {
    if (!script) continue
    cpSync(script, path.join(debian, name))
    chmodSync(path.join(debian, name), 0o755)
  }
  const compression = option('--deb-compression') === 'xz' ? 'xz' : 'gzip'
  const built = spawnSync('dpkg-deb', ['--build', '--root-owner-group', `-Z${compression}`, root, option('--package')], { encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`dpkg-deb failed: ${built.stderr}`)
} finally {
  rmSync(root, { recursive: true, force: true })
}
