/**
 * build/installer.nsh, the installer's polite quit (docs/desktop.md): Windows is not at hand, so Debian's makensis
 * compiles it against electron-builder's own macros, with warnings as errors as electron-builder runs it. Skipped
 * where makensis is not installed (`apt-get install -y nsis`).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { QUIT_ARGUMENT, QUIT_WAIT_LIMIT_MS } from '#desktop/quit-request'
import { makeTempDir } from '#setup/temp-dir'

const root = fileURLToPath(new URL('../../', import.meta.url))
const INCLUDE = path.join(root, 'build', 'installer.nsh')
const BUILDER_INCLUDES = path.join(root, 'node_modules', 'app-builder-lib', 'templates', 'nsis', 'include')
const hasMakensis = spawnSync('makensis', ['-VERSION']).status === 0

/**
 * A small installer that uses the include as electron-builder's installer.nsi does: the include first, then
 * allowOnlyOneInstallerInstance.nsh, whose CHECK_APP_RUNNING calls customCheckAppRunning. What electron-builder
 * generates around it (the --updated flag, the messages) is stood in for.
 */
function installerScript(include: string, outFile: string): string {
  return [
    'Unicode true',
    `!addincludedir "${BUILDER_INCLUDES}"`,
    '!include LogicLib.nsh',
    '!define APP_EXECUTABLE_FILENAME "Plant Store.exe"',
    '!define PRODUCT_NAME "Plant Store"',
    '!macro _isUpdated _a _b _t _f',
    '  StrCmp "" "updated" `${_t}` `${_f}`',
    '!macroend',
    '!define isUpdated `"" isUpdated ""`',
    ...['appRunning', 'appClosing', 'appCannotBeClosed'].map((name) => `LangString ${name} 1033 "${name}"`),
    `!include "${include}"`,
    '!include "allowOnlyOneInstallerInstance.nsh"',
    'Name "Plant Store check"',
    `OutFile "${outFile}"`,
    'RequestExecutionLevel user',
    'Section',
    '  !insertmacro CHECK_APP_RUNNING',
    'SectionEnd',
    ''
  ].join('\n')
}

/** Compiles the small installer around `include`; makensis's exit status and output. */
async function compile(include: string): Promise<{ status: number | null; output: string }> {
  const dir = await makeTempDir()
  const script = path.join(dir, 'check.nsi')
  writeFileSync(script, installerScript(include, path.join(dir, 'check.exe')))
  const run = spawnSync('makensis', ['-WX', '-V2', script], { encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

describe('the installer’s check for a running app', () => {
  it('launches the installed app with the argument the app knows, waiting longer than the launch waits itself', () => {
    const text = readFileSync(INCLUDE, 'utf8')
    expect(text).toMatch(/!macro customCheckAppRunning\b/)
    expect(text).toContain(`'"$INSTDIR\\\${APP_EXECUTABLE_FILENAME}" ${QUIT_ARGUMENT}'`)
    const waitMs = Number(/!define PLANT_STORE_QUIT_WAIT_MS (\d+)/.exec(text)?.[1])
    expect(waitMs).toBeGreaterThan(QUIT_WAIT_LIMIT_MS)
    // electron-builder's own check stays the fallback for what still runs.
    expect(text).toMatch(/!insertmacro _CHECK_APP_RUNNING/)
  })

  it.skipIf(!hasMakensis)('compiles with electron-builder’s macros, warnings as errors', async () => {
    const { status, output } = await compile(INCLUDE)
    expect(output).not.toMatch(/warning/i)
    expect(status).toBe(0)
  })

  it.skipIf(!hasMakensis)('would fail the build without the variable electron-builder declares only for its own check', async () => {
    const dir = await makeTempDir()
    const broken = path.join(dir, 'installer.nsh')
    writeFileSync(broken, readFileSync(INCLUDE, 'utf8').replace(/^Var pid$/m, ''))
    const { status } = await compile(broken)
    expect(status).not.toBe(0)
  })
})
