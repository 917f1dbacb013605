/**
 * Short messages after an action: success fades by itself, a failure stays longer and can be dismissed. At most
 * two at a time (a till makes many changes in a row), paused while the pointer or focus is on them, and the
 * newest Undo is one `Ctrl+Z` (⌘Z) away while its toast shows.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export interface ToastAction {
  label: string
  run(): void
  /** The plant whose row the action belongs to: Tab from that row's last control reaches the action. */
  after?: number
}

export interface Toast {
  id: number
  kind: 'success' | 'error' | 'info'
  message: string
  action?: ToastAction
}

/** How many toasts show at once: the newest ones. */
export const MAX_TOASTS = 2
const LIFETIME_MS: Record<Toast['kind'], number> = { success: 4000, info: 4000, error: 8000 }

export const useToastsStore = defineStore('toasts', () => {
  const toasts = ref<Toast[]>([])
  let nextId = 1
  /** Each shown toast's time left and its running timer (none while paused). */
  const clocks = new Map<number, { left: number; started: number; timer?: ReturnType<typeof setTimeout> }>()
  let paused = false

  function dismiss(id: number): void {
    clearTimeout(clocks.get(id)?.timer)
    clocks.delete(id)
    toasts.value = toasts.value.filter((toast) => toast.id !== id)
  }

  function run(id: number): void {
    const clock = clocks.get(id)
    if (clock) Object.assign(clock, { started: Date.now(), timer: setTimeout(() => dismiss(id), clock.left) })
  }

  function show(kind: Toast['kind'], message: string, action?: ToastAction): number {
    const id = nextId++
    const kept = toasts.value.slice(-(MAX_TOASTS - 1))
    for (const old of toasts.value) if (!kept.includes(old)) dismiss(old.id)
    toasts.value = [...kept, { id, kind, message, action }]
    clocks.set(id, { left: LIFETIME_MS[kind] + (action ? 2000 : 0), started: Date.now() })
    if (!paused) run(id)
    return id
  }

  /** Stops the clocks while the pointer or focus is on a toast, so it cannot vanish under a hand or a screen reader. */
  function pause(): void {
    if (paused) return
    paused = true
    for (const clock of clocks.values()) {
      clearTimeout(clock.timer)
      clock.timer = undefined
      clock.left = Math.max(1000, clock.left - (Date.now() - clock.started))
    }
  }

  function resume(): void {
    if (!paused) return
    paused = false
    for (const id of clocks.keys()) run(id)
  }

  /** Runs an action and takes its toast away. */
  function act(toast: Toast): void {
    dismiss(toast.id)
    toast.action?.run()
  }

  /** Runs the newest shown Undo (`Ctrl+Z`); false when there is none. */
  function undoLatest(): boolean {
    const toast = [...toasts.value].reverse().find((shown) => shown.action?.label === 'Undo')
    if (toast) act(toast)
    return toast !== undefined
  }

  return {
    toasts,
    dismiss,
    pause,
    resume,
    act,
    undoLatest,
    success: (message: string, action?: ToastAction) => show('success', message, action),
    error: (message: string) => show('error', message),
    info: (message: string) => show('info', message)
  }
})
