/**
 * Keyboard shortcuts of the catalogue: `/` focuses the search, `n` adds a plant, wherever focus is (a row's
 * status select, a filter, a button) except while typing in a text field; `Ctrl+Z` (⌘Z on macOS) undoes the
 * last change while its toast shows. They never swallow a real character or a text field's own undo.
 */
import { onBeforeUnmount, onMounted } from 'vue'

export interface Shortcuts {
  focusSearch(): void
  addPlant(): void
  /** Undoes the newest change that offers Undo; false when there is none. */
  undo(): boolean
  /** True while a dialog owns the keyboard. */
  blocked(): boolean
}

/** Input types that take free text (a radio button or checkbox does not). */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url', 'date', 'time', 'datetime-local', 'month', 'week'])

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return true
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type)
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** Handles one keydown; returns true when it was a shortcut. Exported for tests. */
export function handleShortcut(event: KeyboardEvent, shortcuts: Shortcuts): boolean {
  if (event.defaultPrevented || shortcuts.blocked() || isTyping(event.target)) return false
  const undoKey = isMac() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
  if (undoKey && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'z') {
    if (!shortcuts.undo()) return false
    event.preventDefault()
    return true
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return false
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
