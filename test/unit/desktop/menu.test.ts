import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { menuTemplate, type MenuActions } from '#desktop/menu'

function actions(): MenuActions {
  return {
    openDataFolder: vi.fn(),
    backUpNow: vi.fn(),
    restoreFromBackup: vi.fn(),
    copyApiAddress: vi.fn(),
    copyApiToken: vi.fn(),
    showApiReference: vi.fn(),
    installCommandLineTool: vi.fn(),
    showAbout: vi.fn()
  }
}

function submenu(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const menu = template.find((item) => item.label === label || (label === 'Help' && item.role === 'help'))
  return (menu?.submenu ?? []) as MenuItemConstructorOptions[]
}

const names = (items: MenuItemConstructorOptions[]) =>
  items.filter((item) => item.type !== 'separator' && item.visible !== false).map((item) => item.label ?? item.role)

describe('the application menu', () => {
  it('has File, Edit, View and Help with the items the shop needs', () => {
    const template = menuTemplate(actions(), { platform: 'linux', devTools: false })
    expect(template.map((item) => item.label ?? item.role)).toEqual(['File', 'editMenu', 'View', 'help'])
    expect(names(submenu(template, 'File'))).toEqual([
      'Open Data Folder',
      'Back Up Now',
      'Restore from Backup…',
      'Copy API Address',
      'Copy API Token',
      'Quit'
    ])
    expect(names(submenu(template, 'View'))).toEqual(['reload', 'forceReload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'])
    expect(names(submenu(template, 'Help'))).toEqual(['API Reference', 'Install Command-Line Tool…', 'About Plant Store'])
    expect(submenu(template, 'File').find((item) => item.label === 'Quit')?.role).toBe('quit')
  })

  it('zooms in on Ctrl+= too, not only on Ctrl+Plus (Ctrl+Shift+= on most keyboards), with no second menu entry', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const view = submenu(menuTemplate(actions(), { platform, devTools: false }), 'View')
      const zoomIn = view.filter((item) => item.role === 'zoomIn')
      expect(zoomIn.map((item) => item.accelerator)).toEqual([undefined, 'CmdOrCtrl+='])
      expect(zoomIn[1]?.visible).toBe(false)
    }
  })

  it('runs the matching action for each item', () => {
    const acts = actions()
    const template = menuTemplate(acts, { platform: 'win32', devTools: false })
    const click = (menu: string, label: string) => (submenu(template, menu).find((item) => item.label === label)?.click as () => void)()
    click('File', 'Open Data Folder')
    click('File', 'Back Up Now')
    click('File', 'Restore from Backup…')
    click('File', 'Copy API Address')
    click('File', 'Copy API Token')
    click('Help', 'API Reference')
    click('Help', 'Install Command-Line Tool…')
    click('Help', 'About Plant Store')
    for (const action of Object.values(acts)) expect(action).toHaveBeenCalledTimes(1)
  })

  it('follows macOS conventions and offers developer tools only when asked', () => {
    const template = menuTemplate(actions(), { platform: 'darwin', devTools: true })
    expect(template[0]?.role).toBe('appMenu')
    expect(names(submenu(template, 'File'))).not.toContain('Quit')
    expect(names(submenu(template, 'View'))).toContain('toggleDevTools')
  })

  it('gives macOS a Window menu (Minimize ⌘M, Zoom) and File → Close Window (⌘W), as Mac apps have', () => {
    const template = menuTemplate(actions(), { platform: 'darwin', devTools: false })
    expect(template.map((item) => item.label ?? item.role)).toEqual(['appMenu', 'File', 'editMenu', 'View', 'windowMenu', 'help'])
    expect(names(submenu(template, 'File')).at(-1)).toBe('close') // Electron's close role: CommandOrControl+W
    for (const platform of ['linux', 'win32'] as const) {
      const others = menuTemplate(actions(), { platform, devTools: false })
      expect(others.map((item) => item.role)).not.toContain('windowMenu')
      expect(names(submenu(others, 'File'))).not.toContain('close')
    }
  })
})
