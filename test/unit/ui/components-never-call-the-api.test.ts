/**
 * api.ts promises that no component reaches the API (stores call api()): eslint.config.js's no-restricted-imports
 * rule for src-renderer/src/components/** keeps it. This proves the rule fires, on a component that is never written.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const probe = (imports: string) => `<script setup lang="ts">\n${imports}\n</script>\n\n<template><p /></template>\n`

/** The lines of `imports` the rule refuses in a component at `filePath`. */
async function refused(imports: string, filePath = 'src-renderer/src/components/till/TillProbe.vue'): Promise<number[]> {
  const [result] = await new ESLint().lintText(probe(imports), { filePath })
  expect(result!.fatalErrorCount).toBe(0)
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.line)
}

describe('components never call the API', () => {
  it('refuses the UI client, the shared client and its parts in a component', async () => {
    const lines = await refused(
      [
        "import { api } from '#renderer/api'",
        "import { api as viaPath } from '../../api'",
        "import { createApiClient } from '#shared/api-client'",
        "import { createLanApi } from '#shared/api-client-lan'",
        "import { request } from '#shared/api-request'",
        'void [api, viaPath, createApiClient, createLanApi, request]'
      ].join('\n')
    )
    expect(lines).toEqual([2, 3, 4, 5, 6])
  })

  it('lets a component read the errors the client defines, and code outside components/ use api()', async () => {
    expect(await refused("import { ApiError, errorsByField } from '#shared/api-client'\nvoid [ApiError, errorsByField]")).toEqual([])
    expect(await refused("import { api } from '#renderer/api'\nvoid api", 'src-renderer/src/ProbeRoot.vue')).toEqual([])
  })
})
