/**
 * The keys that open the command palette, read by the shell on every key press (so this file
 * stays small: the palette itself is a lazy chunk). Ctrl+K and Cmd+K anywhere; "/" when the
 * focus is not in a field that takes text (where "/" is a character someone types).
 */

/** What the header button shows as its shortcut. */
export function shortcutLabel(platform = typeof navigator === 'undefined' ? '' : navigator.platform): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘ K' : 'Ctrl K'
}

/** The shortcuts as `aria-keyshortcuts` names them. */
export const ARIA_SHORTCUTS = 'Control+K Meta+K /'

/** Input types that take no typed text: "/" there opens the palette. */
const NOT_TEXT = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
])

/** Whether `target` takes typed text (an input, a text area, a select, an editable region). */
export function takesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])')) return true
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type)
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  const role = target.getAttribute('role')
  return role === 'textbox' || role === 'combobox' || role === 'searchbox'
}

/** Whether a key press asks for the palette. */
export function opensPalette(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target'>) {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') return true
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !takesText(e.target)
}
