/**
 * Electron wiring only: data folder → service → window → quit. Everything it
 * starts is plain Node (service.ts), shared with `plant-store serve`.
 */
import { app, BrowserWindow } from 'electron'
import { defaultDataDir } from './paths'
import { startService, type RunningService } from './service'
import { TOKEN_ENV } from './token'

let service: RunningService | undefined

async function start(): Promise<void> {
  service = await startService({ dataDir: defaultDataDir(), host: '127.0.0.1', port: 7420, token: process.env[TOKEN_ENV] || undefined })
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    title: `Plant Store — API at ${service.baseUrl}`,
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false }
  })
  await window.loadURL(`data:text/html,<h1>Plant Store</h1><p>API at ${encodeURIComponent(service.baseUrl)}</p>`)
}

app.on('window-all-closed', () => app.quit())
app.on('will-quit', (event) => {
  if (!service) return
  event.preventDefault()
  const running = service
  service = undefined
  void running.stop().finally(() => app.quit())
})
app.whenReady().then(start).catch((error: unknown) => {
  console.error(error)
  app.exit(1)
})
