/**
 * Undo history of the rich-text editor (SPEC section 9), as an immutable value.
 *
 * - Edits within 1000 ms of the start of the current entry merge into that entry (typing a
 *   word is one undo step); a later edit starts a new entry.
 * - At most 100 entries can be undone; older ones are forgotten.
 * - Undo and redo move through the entries; an edit after an undo drops the redo entries.
 * - An edit right after undo/redo, or one recorded with `merge: false` (toolbar commands), always
 *   starts a new entry.
 */

export const MERGE_WINDOW_MS = 1000
export const MAX_UNDO_ENTRIES = 100

export interface UndoHistory {
  /** States, oldest first; `states[index]` is the current one. */
  readonly states: readonly string[]
  readonly index: number
  /** When the current entry started (ms), or null when the next edit must start a new entry. */
  readonly entryStartedAt: number | null
  readonly limit: number
}

export function createHistory(initial = '', limit = MAX_UNDO_ENTRIES): UndoHistory {
  return { states: [initial], index: 0, entryStartedAt: null, limit }
}

export function currentState(history: UndoHistory): string {
  return history.states[history.index]
}

export function canUndo(history: UndoHistory): boolean {
  return history.index > 0
}

export function canRedo(history: UndoHistory): boolean {
  return history.index < history.states.length - 1
}

export interface RecordOptions {
  /** false: start a new entry whatever the time (default true). */
  merge?: boolean
}

/** Records a new state at time `now` (ms). Returns the same history when nothing changed. */
export function record(history: UndoHistory, value: string, now: number, options: RecordOptions = {}): UndoHistory {
  if (value === currentState(history)) return history
  const merge = options.merge !== false
  // Edits after an undo replace the redo entries.
  const states = history.states.slice(0, history.index + 1)
  const started = history.entryStartedAt
  if (merge && started !== null && history.index > 0 && now - started < MERGE_WINDOW_MS) {
    states[states.length - 1] = value
    return { ...history, states, index: states.length - 1 }
  }
  states.push(value)
  // One base state plus at most `limit` undoable entries.
  const overflow = states.length - (history.limit + 1)
  const kept = overflow > 0 ? states.slice(overflow) : states
  return { ...history, states: kept, index: kept.length - 1, entryStartedAt: merge ? now : null }
}

export function undo(history: UndoHistory): UndoHistory {
  if (!canUndo(history)) return history
  return { ...history, index: history.index - 1, entryStartedAt: null }
}

export function redo(history: UndoHistory): UndoHistory {
  if (!canRedo(history)) return history
  return { ...history, index: history.index + 1, entryStartedAt: null }
}

/** Starts over from a value set from outside (e.g. a loaded record): no undo back past it. */
export function resetHistory(history: UndoHistory, value: string): UndoHistory {
  return createHistory(value, history.limit)
}
