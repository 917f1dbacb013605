// @vitest-environment happy-dom
/** Export and Import use the desktop app's native file dialogs when the preload offers them, and the browser's otherwise. */
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DesktopFiles } from '#shared/desktop-bridge'
import { exportFileName } from '#shared/import-export'
import ImportDialog from '#renderer/components/catalogue/ImportDialog.vue'
import TheExportMenu from '#renderer/components/catalogue/TheExportMenu.vue'
import { useShopStore } from '#renderer/stores/shop'
import { useToastsStore } from '#renderer/stores/toasts'
import { freshDialogTest } from './_dialog-setup'
import type { FakeApi } from './_fake-api'

const CSV = new TextEncoder().encode('\uFEFFid,name\r\n1,Fougère\r\n')
let api: FakeApi

beforeEach(() => {
  api = freshDialogTest()
})
afterEach(() => {
  delete window.plantStore
  vi.restoreAllMocks()
})

function inDesktopApp(files: Partial<DesktopFiles>): DesktopFiles {
  const native = { saveFile: vi.fn(async () => null), openFile: vi.fn(async () => null), ...files } as DesktopFiles
  window.plantStore = { apiBaseUrl: 'http://127.0.0.1:7420/v3', token: 't', version: '0.1.0', ...native }
  return native
}

async function exportAll(): Promise<void> {
  const menu = mount(TheExportMenu, { attachTo: document.body })
  await menu.find('button[aria-haspopup="menu"]').trigger('click')
  await menu
    .findAll('[role="menuitem"]')
    .find((item) => item.text() === 'CSV — all plants')!
    .trigger('click')
  await flushPromises()
}

const lastToast = () => useToastsStore().toasts.at(-1)?.message

describe('Export in the desktop app', () => {
  it('saves the exact bytes through the native Save dialog, offering the dated name, and says where', async () => {
    vi.mocked(api.client.exportPlants).mockResolvedValueOnce(new Blob([CSV]))
    const native = inDesktopApp({ saveFile: vi.fn(async () => ({ path: '/home/me/plants.csv' })) })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    await exportAll()
    expect(native.saveFile).toHaveBeenCalledWith(exportFileName('csv', useShopStore().timeZone), CSV)
    expect(lastToast()).toBe('Exported to /home/me/plants.csv')
    expect(click).not.toHaveBeenCalled() // no browser download besides
  })

  it('does nothing more when the dialog is cancelled, and says why when the file could not be written', async () => {
    inDesktopApp({})
    await exportAll()
    expect(lastToast()).toBeUndefined()
    inDesktopApp({ saveFile: vi.fn(async () => ({ error: '/mnt/x/plants.csv could not be written (EACCES); choose another place' })) })
    await exportAll()
    expect(lastToast()).toBe('Export failed: /mnt/x/plants.csv could not be written (EACCES); choose another place')
  })

  it('downloads in a browser, as before', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    await exportAll()
    expect(click).toHaveBeenCalledTimes(1)
    expect(lastToast()).toBeUndefined()
  })
})

describe('Import in the desktop app', () => {
  it('chooses through the native Open dialog and previews that file (a dry run)', async () => {
    const native = inDesktopApp({ openFile: vi.fn(async () => ({ name: 'stock.csv', data: CSV })) })
    const dialog = mount(ImportDialog, { attachTo: document.body })
    expect(dialog.find('input[type="file"]').exists()).toBe(false)
    await dialog
      .findAll('button')
      .find((button) => button.text() === 'Choose a file…')!
      .trigger('click')
    await flushPromises()
    expect(native.openFile).toHaveBeenCalledTimes(1)
    const [file, format, dryRun] = vi.mocked(api.client.importPlants).mock.calls[0]!
    expect([(file as File).name, format, dryRun]).toEqual(['stock.csv', 'csv', true])
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(CSV)
    expect(dialog.find('.import-counts').text()).toBe('0 plants to add, 0 plants to update, 0 unchanged')
  })

  it('shows why a chosen file cannot be imported, and sends nothing', async () => {
    inDesktopApp({
      openFile: vi.fn(async () => ({ name: 'huge.csv', error: 'huge.csv is over 32 MiB, the most an import takes; split it into smaller files' }))
    })
    const dialog = mount(ImportDialog, { attachTo: document.body })
    await dialog
      .findAll('button')
      .find((button) => button.text() === 'Choose a file…')!
      .trigger('click')
    await flushPromises()
    expect(dialog.find('[role="alert"]').text()).toBe('huge.csv is over 32 MiB, the most an import takes; split it into smaller files')
    expect(api.client.importPlants).not.toHaveBeenCalled()
  })

  it('keeps the file input in a browser', () => {
    const dialog = mount(ImportDialog, { attachTo: document.body })
    expect(dialog.find('input[type="file"]').exists()).toBe(true)
    expect(dialog.findAll('button').some((button) => button.text() === 'Choose a file…')).toBe(false)
  })
})
