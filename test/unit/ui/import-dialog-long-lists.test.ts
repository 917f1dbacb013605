// @vitest-environment happy-dom
/** The Import dialog of a file with millions of faults: the server lists the first errors and warnings and counts the rest; the dialog says how many in all. */
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import ImportDialog from '#renderer/components/catalogue/ImportDialog.vue'
import { useTransferStore } from '#renderer/stores/transfer'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  api = freshDialogTest()
})

describe('the import preview of a file with millions of bad rows', () => {
  it('counts every error and warning, listed or not', async () => {
    vi.mocked(api.client.importPlants).mockResolvedValue({
      added: 0,
      updated: 0,
      unchanged: 0,
      warnings: Array.from({ length: 100 }, (_, i) => `field "extra ${i}" is not known and was ignored`),
      moreWarnings: 20,
      errors: Array.from({ length: 1000 }, (_, i) => ({ row: i + 2, field: 'price', message: 'price must be a number, like 12.50; got "lots"' })),
      moreErrors: 4_999_000,
      changes: [],
      applied: false
    })
    const dialog = mount(ImportDialog, { attachTo: document.body })
    await useTransferStore().choose(new File(['name,price\r\nFern,lots\r\n'], 'stock.csv', { type: 'text/csv' }))
    await flushPromises()
    const alert = dialog.find('.import-preview .import-error')
    expect(alert.find('p').text().replace(/\s+/g, ' ')).toBe('5,000,000 errors in the file: nothing will be imported until they are fixed.')
    expect(alert.findAll('li')).toHaveLength(10)
    expect(alert.find('p.muted').text()).toBe('… and 4,999,990 more errors')
    expect(dialog.text()).toContain('… and 20 more warnings')
    dialog.unmount()
  })
})
