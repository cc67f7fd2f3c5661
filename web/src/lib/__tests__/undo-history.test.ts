import { describe, expect, it } from 'vitest'
import {
  canRedo,
  canUndo,
  createHistory,
  currentState,
  MAX_UNDO_ENTRIES,
  MERGE_WINDOW_MS,
  record,
  redo,
  resetHistory,
  undo,
} from '../undo-history'

describe('undo history', () => {
  it('uses the constants of SPEC section 9', () => {
    expect(MERGE_WINDOW_MS).toBe(1000)
    expect(MAX_UNDO_ENTRIES).toBe(100)
  })

  it('merges edits within 1000 ms of the start of an entry', () => {
    let h = createHistory('')
    h = record(h, 'H', 0)
    h = record(h, 'He', 400)
    h = record(h, 'Hel', 999)
    expect(currentState(h)).toBe('Hel')
    expect(h.states).toEqual(['', 'Hel'])
    // 1000 ms after the entry began: a new entry, even though the last edit was recent.
    h = record(h, 'Hell', 1000)
    h = record(h, 'Hello', 1500)
    expect(h.states).toEqual(['', 'Hel', 'Hello'])
    h = undo(h)
    expect(currentState(h)).toBe('Hel')
    h = undo(h)
    expect(currentState(h)).toBe('')
    expect(canUndo(h)).toBe(false)
    expect(undo(h)).toBe(h)
  })

  it('redoes, and an edit after undo drops the redo entries', () => {
    let h = createHistory('a')
    h = record(h, 'ab', 0)
    h = record(h, 'abc', 5000)
    h = undo(h)
    expect(canRedo(h)).toBe(true)
    h = redo(h)
    expect(currentState(h)).toBe('abc')
    expect(canRedo(h)).toBe(false)
    expect(redo(h)).toBe(h)
    h = undo(undo(h))
    expect(currentState(h)).toBe('a')
    h = record(h, 'aX', 5100)
    expect(h.states).toEqual(['a', 'aX'])
    expect(canRedo(h)).toBe(false)
  })

  it('never merges into the entry shown after an undo or redo', () => {
    let h = createHistory('')
    h = record(h, 'one', 0)
    h = record(h, 'one two', 2000)
    h = undo(h)
    h = record(h, 'one!', 2100)
    h = record(h, 'one!!', 2200)
    expect(h.states).toEqual(['', 'one', 'one!!'])
  })

  it('merge: false always starts a new entry, and the next edit too', () => {
    let h = createHistory('')
    h = record(h, 'text', 0)
    h = record(h, '<b>text</b>', 100, { merge: false })
    h = record(h, '<b>text</b>!', 200)
    expect(h.states).toEqual(['', 'text', '<b>text</b>', '<b>text</b>!'])
  })

  it('ignores an edit that changes nothing', () => {
    const h = record(createHistory('same'), 'same', 0)
    expect(h.states).toEqual(['same'])
  })

  it('keeps at most 100 undo steps', () => {
    let h = createHistory('0')
    for (let i = 1; i <= 150; i++) h = record(h, String(i), i * 2000)
    expect(h.states).toHaveLength(MAX_UNDO_ENTRIES + 1)
    expect(currentState(h)).toBe('150')
    let steps = 0
    while (canUndo(h)) {
      h = undo(h)
      steps++
    }
    expect(steps).toBe(100)
    expect(currentState(h)).toBe('50')
  })

  it('reset forgets everything before the new value', () => {
    let h = record(createHistory(''), 'x', 0)
    h = resetHistory(h, '<p>loaded</p>')
    expect(currentState(h)).toBe('<p>loaded</p>')
    expect(canUndo(h)).toBe(false)
  })
})
