/**
 * Keyboard shortcuts of the catalogue: `/` focuses the search, `n` adds a
 * plant. They are ignored while typing in a field or with a modifier held, so
 * they never swallow a real character.
 */
import { onBeforeUnmount, onMounted } from 'vue'

export interface Shortcuts {
  focusSearch(): void
  addPlant(): void
  /** True while a dialog owns the keyboard. */
  blocked(): boolean
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** Handles one keydown; returns true when it was a shortcut. Exported for tests. */
export function handleShortcut(event: KeyboardEvent, shortcuts: Shortcuts): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false
  if (shortcuts.blocked() || isTyping(event.target)) return false
  if (event.key === '/') {
    event.preventDefault() // or the browser's quick-find takes the key
    shortcuts.focusSearch()
    return true
  }
  if (event.key === 'n' || event.key === 'N') {
    if (event.shiftKey && event.key === 'n') return false
    event.preventDefault()
    shortcuts.addPlant()
    return true
  }
  return false
}

/** Installs the shortcuts on the window for the lifetime of the calling component. */
export function useShortcuts(shortcuts: Shortcuts): void {
  const onKeydown = (event: KeyboardEvent) => void handleShortcut(event, shortcuts)
  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
