import { describe, expect, it } from 'vitest'
import { changedFields, diffLines, richTextLines } from '../text-diff'

describe('diffLines', () => {
  it('marks lines kept, added and removed, in order', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ])
    expect(diffLines([], [])).toEqual([])
    expect(diffLines(['a'], [])).toEqual([{ kind: 'removed', text: 'a' }])
  })
})

describe('richTextLines', () => {
  it('gives one line per paragraph, list item and line break, without tags or empty lines', () => {
    expect(
      richTextLines('<p>One <b>bold</b>&nbsp;word</p><ul><li>first</li><li>second</li></ul>Tail<br>end<p><br></p>'),
    ).toEqual(['One bold word', 'first', 'second', 'Tail', 'end'])
    expect(richTextLines('')).toEqual([])
  })
})

describe('changedFields', () => {
  it('lists only the fields that differ, each with its lines', () => {
    const changes = changedFields(
      [
        { key: 'title', label: 'Title', kind: 'text' },
        { key: 'content', label: 'Content', kind: 'rich' },
        { key: 'images', label: 'Images', kind: 'list' },
        { key: 'steps', label: 'Steps', kind: 'list', line: (s) => (s as { t: string }).t },
      ],
      { title: 'Same', content: '<p>a</p><p>b</p>', images: ['x.png'], steps: [{ t: 'one' }] },
      { title: 'Same', content: '<p>a</p><p>c</p>', images: ['x.png'], steps: [{ t: 'one' }, { t: 'two' }] },
    )
    expect(changes.map((c) => c.field.key)).toEqual(['content', 'steps'])
    expect(changes[0].lines.filter((l) => l.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'c' },
    ])
    expect(changes[1].lines.at(-1)).toEqual({ kind: 'added', text: 'two' })
  })
})
