/** Options several commands share: --data, read the same way by every command. */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { resolveDataDir } from '#app/config'
import { assertNotAFile } from '#app/data-folder-checks'
import { defaultDataDir } from '#app/paths'

/** Help line of --data, naming this machine's default. */
export function dataOptionHelp(): string {
  return `  --data DIR   data directory (default ${defaultDataDir()})   env PLANT_STORE_DATA`
}

const DATA_OPTION = { data: { type: 'string' } } as const

type OptionsConfig = NonNullable<ParseArgsConfig['options']>
type WithData<T extends OptionsConfig> = { args: string[]; options: T & typeof DATA_OPTION; strict: true; allowPositionals: boolean }

/** Where the data folder was named: --data, PLANT_STORE_DATA, or neither (the default folder). */
export type DataFrom = 'flag' | 'env' | 'default'

/**
 * Reads a command's `options` plus --data; an unknown option or a missing value
 * is a usage error (ERR_PARSE_ARGS_*, exit 2). Resolves the data directory too.
 */
export function readOptions<T extends OptionsConfig>(
  args: string[],
  env: NodeJS.ProcessEnv,
  options: T,
  allowPositionals = false
): { values: ReturnType<typeof parseArgs<WithData<T>>>['values']; positionals: string[]; dataDir: string; dataFrom: DataFrom } {
  const { values, positionals } = parseArgs<WithData<T>>({ args, options: { ...options, ...DATA_OPTION }, strict: true, allowPositionals })
  const flag = (values as { data?: string }).data
  const dataDir = resolveDataDir(flag, env)
  const dataFrom: DataFrom = flag !== undefined ? 'flag' : env.PLANT_STORE_DATA ? 'env' : 'default'
  // One line for every command, instead of a stack trace from deep inside (EEXIST, ENOTDIR).
  assertNotAFile(dataDir, dataFrom === 'flag' ? '--data' : dataFrom === 'env' ? 'PLANT_STORE_DATA' : 'the default data folder')
  return { values, positionals, dataDir, dataFrom }
}
