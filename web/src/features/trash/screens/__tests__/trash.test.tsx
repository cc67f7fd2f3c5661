import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi, type RecordedCall } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'
import { SLUGS, TRASH_MODULES } from '../../../../lib/modules'

const LIST = 'POST /admin/trash/list'
const RESTORE = 'POST /admin/trash/restore'
const PURGE = 'POST /admin/trash/purge'
const at = new Date(2026, 9, 1, 14, 5).getTime()
const DAY = 24 * 3600 * 1000

const item = (n: number, module: string = SLUGS.faq) => ({
  module,
  _id: `t${n}`,
  name: `Record ${n}`,
  deletedAt: at - n * 1000,
  deletedBy: { _id: 'a1', name: 'Main Admin', type: 'Admin' },
  purgeAt: at + 30 * DAY,
})
const ada = { ...item(0, SLUGS.leadership), name: 'Ada Lovelace' }
const faq = { ...item(1), name: 'How do I give?' }

/** The list answers from `rows`, paged as the server does. */
function pages(rows: Array<ReturnType<typeof item>>) {
  return (call: RecordedCall) => {
    const { page, limit } = call.body as { page: number; limit: number }
    return [200, { message: 'ok', data: rows.slice((page - 1) * limit, page * limit), total_records: rows.length }] as [
      number,
      unknown,
    ]
  }
}

const done = (items: unknown[], refused: unknown[] = []) => ({ data: { done: items, refused } })
const lastList = () => api.callsTo(LIST).at(-1)?.body as Record<string, unknown>
const dialog = () => screen.findByRole('dialog')

let api: MockApi
beforeEach(() => {
  api = mockApi()
  api.on(LIST, pages([ada, faq]))
})
afterEach(() => api.restore())

describe('Trash', () => {
  it('lists the deleted records newest first with their module, who deleted them, when, and when they go for good', async () => {
    renderApp('/trash', mainAdmin)
    const row = (await screen.findByText('Ada Lovelace')).closest('tr')!
    expect(row.textContent).toContain('Leadership')
    expect(row.textContent).toContain('Main Admin')
    expect(row.textContent).toContain(formatDate(ada.deletedAt))
    expect(row.textContent).toContain(formatDate(ada.purgeAt))
    expect(api.callsTo(LIST)[0].body).toEqual({
      page: 1,
      limit: 10,
      search: '',
      column: 'deletedAt',
      order: 'desc',
      modules: [],
    })
    expect(screen.getByPlaceholderText('Search by Name')).toBeTruthy()
  })

  it('filters by module, offering each module with a trash the user may delete in', async () => {
    const { router } = renderApp('/trash', mainAdmin)
    await screen.findByText('Ada Lovelace')
    fireEvent.mouseDown(screen.getByLabelText('Filter by Module'))
    await screen.findAllByText('FAQ Management', { selector: '.ant-select-item-option-content' })
    // The list is virtual (its first 10 rows are drawn): those in order, the rest found by the
    // select's search (which matches an option's value: its slug).
    const shown = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown).toEqual(TRASH_MODULES.slice(0, shown.length).map((m) => m.title))
    const input = screen.getByLabelText('Filter by Module')
    for (const m of TRASH_MODULES.slice(shown.length)) {
      fireEvent.change(input, { target: { value: m.slug } })
      await screen.findAllByText(m.title, { selector: '.ant-select-item-option-content' })
    }
    fireEvent.change(input, { target: { value: '' } })
    fireEvent.click(screen.getAllByText('FAQ Management', { selector: '.ant-select-item-option-content' }).at(-1)!)
    await waitFor(() => expect(lastList()).toMatchObject({ modules: [SLUGS.faq], page: 1 }))
    expect(router.state.location.search).toContain('module=')
  })

  it('says what would fill it when empty', async () => {
    api.on(LIST, pages([]))
    renderApp('/trash', mainAdmin)
    expect(await screen.findByText(/Nothing in the trash: deleted records wait here for 30 days/)).toBeTruthy()
  })

  it('restores a row after its confirmation and lists again', async () => {
    api.on(RESTORE, [200, { message: 'Restored successfully', ...done([{ module: ada.module, _id: ada._id }]) }])
    renderApp('/trash', mainAdmin)
    await screen.findByText('Ada Lovelace')
    const listed = api.callsTo(LIST).length
    fireEvent.click(screen.getByRole('button', { name: 'Restore Ada Lovelace' }))
    const box = await dialog()
    expect(within(box).getByText('Are you sure you want to Restore ?')).toBeTruthy()
    fireEvent.click(within(box).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Restored successfully')).toBeTruthy()
    expect(api.callsTo(RESTORE)[0].body).toEqual({ items: [{ module: SLUGS.leadership, _id: 't0' }] })
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(listed))
  })

  it('deletes a row for good after its warning; a refusal shows its reason', async () => {
    api.on(PURGE, [409, { message: 'Still in use by 2 records' }])
    renderApp('/trash', mainAdmin)
    await screen.findByText('How do I give?')
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good How do I give?' }))
    const box = await dialog()
    expect(within(box).getByText('Are you sure you want to Delete for good ? This cannot be undone.')).toBeTruthy()
    fireEvent.click(within(box).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Still in use by 2 records')).toBeTruthy()
    expect(api.callsTo(PURGE)[0].body).toEqual({ items: [{ module: SLUGS.faq, _id: 't1' }] })
  })

  it('restores the selected rows at once and lists each refusal with its reason', async () => {
    api.on(RESTORE, [
      200,
      {
        message: 'Restored successfully',
        ...done(
          [{ module: faq.module, _id: faq._id }],
          [{ module: ada.module, _id: ada._id, message: 'The name is taken' }],
        ),
      },
    ])
    renderApp('/trash', mainAdmin)
    await screen.findByText('Ada Lovelace')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }))
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select How do I give?' }))
    expect(await screen.findByText('2 selected')).toBeTruthy()
    const bar = screen.getByRole('group', { name: 'Selection' })
    fireEvent.click(within(bar).getByRole('button', { name: /Restore/ }))
    const box = await dialog()
    expect(within(box).getByText('Restore 2 records?')).toBeTruthy()
    fireEvent.click(within(box).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Restored 1 of 2: 1 refused')).toBeTruthy()
    expect(api.callsTo(RESTORE)[0].body).toEqual({
      items: [
        { module: SLUGS.leadership, _id: 't0' },
        { module: SLUGS.faq, _id: 't1' },
      ],
    })
    expect(await screen.findByText('Ada Lovelace: The name is taken')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull())
  })

  it('keeps the selection across pages, and drops it when the search changes', async () => {
    const many = Array.from({ length: 12 }, (_, n) => item(n + 10))
    api.on(LIST, pages(many))
    renderApp('/trash', mainAdmin)
    await screen.findByText('Record 10')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Record 10' }))
    expect(await screen.findByText('1 selected')).toBeTruthy()
    fireEvent.click(screen.getByTitle('2'))
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Record 21' }))
    expect(await screen.findByText('2 selected')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('Search by Name'), { target: { value: 'Record' } })
    fireEvent.keyDown(screen.getByPlaceholderText('Search by Name'), { key: 'Enter' })
    await waitFor(() => expect(lastList()).toMatchObject({ search: 'Record' }))
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull())
  })

  it('deletes all matching records for good, collected from the list', async () => {
    const many = Array.from({ length: 12 }, (_, n) => item(n + 10))
    api.on(LIST, pages(many)).on(PURGE, [200, { message: 'Deleted for good', ...done(many) }])
    renderApp('/trash', mainAdmin)
    await screen.findByText('Record 10')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }))
    expect(await screen.findByText('10 selected')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Select all 12 matching' }))
    expect(await screen.findByText('12 selected')).toBeTruthy()
    const bar = screen.getByRole('group', { name: 'Selection' })
    fireEvent.click(within(bar).getByRole('button', { name: /Delete for good/ }))
    const box = await dialog()
    expect(within(box).getByText('Delete 12 records for good? This cannot be undone.')).toBeTruthy()
    fireEvent.click(within(box).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Deleted for good 12 of 12')).toBeTruthy()
    expect(api.callsTo(LIST).some((c) => (c.body as { limit: number }).limit === 1000)).toBe(true)
    expect((api.callsTo(PURGE)[0].body as { items: unknown[] }).items).toHaveLength(12)
  })

  it('a sub-admin with only the FAQ delete right gets no module filter', async () => {
    api.on(LIST, pages([faq]))
    renderApp('/trash', subAdmin({ [SLUGS.faq]: ['delete'] }))
    await screen.findByText('How do I give?')
    expect(screen.queryByLabelText('Filter by Module')).toBeNull()
  })
})
