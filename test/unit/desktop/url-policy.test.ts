import { describe, expect, it } from 'vitest'
import { judgeNavigation, judgeNewWindow, originOf } from '#desktop/url-policy'

const APP = 'http://127.0.0.1:7420'

describe('where the app window may go', () => {
  it('stays on its own origin only (same scheme, host and port)', () => {
    expect(judgeNavigation('http://127.0.0.1:7420/?view=2#x', APP)).toBe('stay')
    expect(judgeNavigation('http://127.0.0.1:7421/', APP)).toBe('open-externally')
    expect(judgeNavigation('http://localhost:7420/', APP)).toBe('open-externally')
    expect(judgeNavigation('https://127.0.0.1:7420/', APP)).toBe('open-externally')
  })

  it('sends web links to the browser and refuses every other scheme', () => {
    expect(judgeNavigation('https://example.org/plants', APP)).toBe('open-externally')
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'smb://server/share', 'vscode://x', 'not a url']) {
      expect(judgeNavigation(url, APP), url).toBe('refuse')
    }
  })

  it('never lets a window without an origin navigate in place', () => {
    expect(judgeNavigation('http://127.0.0.1:7420/', undefined)).toBe('open-externally')
    expect(judgeNavigation('data:text/html,x', undefined)).toBe('refuse')
  })

  it('never opens a new app window', () => {
    expect(judgeNewWindow(`${APP}/`)).toBe('open-externally')
    expect(judgeNewWindow('https://example.org/')).toBe('open-externally')
    expect(judgeNewWindow('file:///tmp/x.html')).toBe('refuse')
    expect(judgeNewWindow('about:blank')).toBe('refuse')
  })

  it('reads origins', () => {
    expect(originOf('http://127.0.0.1:7420/v3')).toBe(APP)
    expect(originOf('nope')).toBeUndefined()
  })
})
