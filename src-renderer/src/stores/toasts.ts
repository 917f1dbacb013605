/** Short messages after an action: success fades by itself, a failure stays longer and can be dismissed. */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export interface ToastAction {
  label: string
  run(): void
}

export interface Toast {
  id: number
  kind: 'success' | 'error' | 'info'
  message: string
  action?: ToastAction
}

const LIFETIME_MS: Record<Toast['kind'], number> = { success: 4000, info: 4000, error: 8000 }

export const useToastsStore = defineStore('toasts', () => {
  const toasts = ref<Toast[]>([])
  let nextId = 1

  function dismiss(id: number): void {
    toasts.value = toasts.value.filter((toast) => toast.id !== id)
  }

  function show(kind: Toast['kind'], message: string, action?: ToastAction): number {
    const id = nextId++
    // Keep the stack short at a busy till: the newest four are enough.
    toasts.value = [...toasts.value.slice(-3), { id, kind, message, action }]
    setTimeout(() => dismiss(id), LIFETIME_MS[kind] + (action ? 2000 : 0))
    return id
  }

  return {
    toasts,
    dismiss,
    success: (message: string, action?: ToastAction) => show('success', message, action),
    error: (message: string) => show('error', message),
    info: (message: string) => show('info', message)
  }
})
