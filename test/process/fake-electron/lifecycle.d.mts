/** Types of lifecycle.mjs (plain JS: the process stand-in runs in plain Node); keep the two in step. */
import { EventEmitter } from 'node:events'

export class StandInEvent {
  defaultPrevented: boolean
  preventDefault(): void
}

export class StandInApp extends EventEmitter {
  isPackaged: boolean
  ready: boolean
  quitting: boolean
  exiting: boolean
  shutDown: boolean
  exitCode: number
  singleInstance: boolean | undefined
  lockFile: string | undefined
  readonly paths: Map<string, string>
  readonly windows: Set<StandInWindow>
  constructor(hooks?: { beforeReady?: () => void; afterShutdown?: (code: number) => void })
  whenReady(): Promise<void>
  isReady(): boolean
  getPath(name: string): string | undefined
  setPath(name: string, value: string): void
  requestSingleInstanceLock(): boolean
  quit(): void
  exit(code?: number): void
  windowCloseCancelled(): void
  windowAllClosed(): void
  shutdown(): void
}

export class StandInWindow extends EventEmitter {
  destroyed: boolean
  readonly app: StandInApp
  readonly options: Record<string, unknown>
  constructor(app: StandInApp, options?: Record<string, unknown>)
  isDestroyed(): boolean
  close(): void
  destroy(): void
}
