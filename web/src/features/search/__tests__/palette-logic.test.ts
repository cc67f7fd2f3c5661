/** What the palette offers, apart from drawing it: screens by rights, record paths, the arrows. */
import { describe, expect, it } from 'vitest'
import { mainAdmin, subAdmin } from '../../../testing/users'
import { SLUGS } from '../../../lib/modules'
import { paths } from '../../../paths'
import { moved, recordOptions, recordPath, screensMatching, unavailableNote, type PaletteOption } from '../palette'
import { opensPalette, shortcutLabel, takesText } from '../shortcuts'

const titles = (options: PaletteOption[]) => options.map((o) => o.title)

describe('screens', () => {
  it('are the menu entries the user may see whose title holds the text, in menu order', () => {
    expect(titles(screensMatching(mainAdmin, 'DONOR'))).toEqual(['Donor Management', 'Subscribed Donor'])
    const sub = subAdmin({ [SLUGS.donor]: ['view'], [SLUGS.subAdmin]: ['add'] })
    expect(titles(screensMatching(sub, 'donor'))).toEqual(['Donor Management'])
    // Sub Admin add alone opens no Sub Admin list: no entry.
    expect(titles(screensMatching(sub, 'sub admin'))).toEqual([])
    expect(screensMatching(mainAdmin, '  ')).toEqual([])
    // A grouped entry names its group.
    const [category] = screensMatching(mainAdmin, 'nonprofit category')
    expect([category.path, category.subtitle]).toEqual([paths.categoryList(), 'Master Management'])
  })
})

describe('records', () => {
  const item = { _id: 'r1', title: 'How do I give?', subtitle: 'Giving' }

  it('open on the view the user may open', () => {
    expect(recordPath(mainAdmin, 'donor', item)).toBe(paths.donorView('r1'))
    expect(recordPath(mainAdmin, 'transaction', item)).toBe(paths.transactionView('r1'))
    expect(recordPath(mainAdmin, 'subAdmin', item)).toBe(paths.subAdminView('r1'))
    expect(recordPath(mainAdmin, 'community', item)).toBe(paths.communityView('r1'))
    expect(recordPath(mainAdmin, 'event', item)).toBe(paths.eventView('r1'))
    expect(recordPath(mainAdmin, 'nonprofit', item)).toBe(paths.charityView('r1'))
    expect(recordPath(mainAdmin, 'faq', item)).toBe(paths.faqEdit('r1'))
    // New Nonprofit's view alone: the nonprofit opens there.
    expect(recordPath(subAdmin({ [SLUGS.newNonprofit]: ['view'] }), 'nonprofit', item)).toBe(
      paths.newNonprofitView('r1'),
    )
    // A FAQ without edit: the FAQ list, searched for its question.
    expect(recordPath(subAdmin({ [SLUGS.faq]: ['delete'] }), 'faq', item)).toBe(`${paths.faqList()}?q=How+do+I+give%3F`)
    expect(recordPath(subAdmin({ [SLUGS.transaction]: ['view'] }), 'donor', item)).toBeNull()
  })

  it('become options group by group, each once', () => {
    const results = {
      groups: [
        { kind: 'donor' as const, unavailable: false, items: [{ _id: 'd1', title: 'Ada', subtitle: 'ada@x.org' }] },
        { kind: 'transaction' as const, unavailable: true, items: [] },
        { kind: 'faq' as const, unavailable: false, items: [item] },
      ],
    }
    expect(recordOptions(mainAdmin, results).map((o) => [o.key, o.path])).toEqual([
      ['donor:d1', paths.donorView('d1')],
      ['faq:r1', paths.faqEdit('r1')],
    ])
    expect(recordOptions(mainAdmin, undefined)).toEqual([])
  })

  it('say which services did not answer', () => {
    expect(unavailableNote([])).toBe('')
    expect(unavailableNote(['donor'])).toBe('Donors could not be searched right now.')
    expect(unavailableNote(['donor', 'transaction', 'faq'])).toBe(
      'Donors, transactions and faqs could not be searched right now.',
    )
  })
})

describe('keys', () => {
  it('the arrows walk the options and wrap around', () => {
    const options = ['a', 'b', 'c'].map((key) => ({
      key,
      group: 'screen' as const,
      title: key,
      subtitle: '',
      path: '/',
    }))
    expect(moved(options, null, 1)).toBe('a')
    expect(moved(options, null, -1)).toBe('c')
    expect(moved(options, 'a', 1)).toBe('b')
    expect(moved(options, 'c', 1)).toBe('a')
    expect(moved(options, 'a', -1)).toBe('c')
    expect(moved([], 'a', 1)).toBeNull()
  })

  it('Ctrl+K and Cmd+K open the palette anywhere, "/" outside a text field', () => {
    const input = document.createElement('input')
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' })
    const editable = document.createElement('div')
    editable.setAttribute('contenteditable', 'true')
    const key = (k: string, target: EventTarget | null, mods: Partial<KeyboardEvent> = {}) =>
      opensPalette({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target, ...mods })
    expect(key('k', input, { ctrlKey: true })).toBe(true)
    expect(key('K', document.body, { metaKey: true })).toBe(true)
    expect(key('k', document.body, { ctrlKey: true, shiftKey: true })).toBe(false)
    expect(key('/', document.body)).toBe(true)
    expect(key('/', checkbox)).toBe(true)
    expect(key('/', input)).toBe(false)
    expect(key('/', document.createElement('textarea'))).toBe(false)
    expect(takesText(editable)).toBe(true)
    expect(key('/', editable)).toBe(false)
    expect(key('k', document.body)).toBe(false)
    expect(shortcutLabel('MacIntel')).toBe('⌘ K')
    expect(shortcutLabel('Linux x86_64')).toBe('Ctrl K')
  })
})
