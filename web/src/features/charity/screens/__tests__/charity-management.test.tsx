import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi, type Reply } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'

const PATH = '/master/charity_management'
const MODULE = '/master/charity_management'
const LIST = 'POST /admin/charity/charityList'
const approved = new Date(2024, 2, 5, 15, 7).getTime()
const onboarded = [
  {
    _id: 'n1',
    charityName: 'Helping Hands',
    taxId: '123456789',
    adminApproveAt: approved,
    isActive: true,
    adminVerification: 'Approve',
    rejectReason: '',
    isImported: false,
    createdAt: approved,
  },
  {
    _id: 'n2',
    charityName: 'Book Bus',
    taxId: '98-7654321',
    adminApproveAt: approved,
    isActive: false,
    adminVerification: 'Approve',
    rejectReason: '',
    isImported: false,
    createdAt: approved,
  },
]
const imported = [
  {
    _id: 'i1',
    charityName: 'Prairie Food Pantry',
    taxId: '470000001',
    adminApproveAt: null,
    isActive: true,
    adminVerification: 'Pending',
    rejectReason: '',
    isImported: true,
    createdAt: approved,
  },
]

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, (call) => {
    const body = call.body as { isNavigator: boolean }
    const data = body.isNavigator ? imported : onboarded
    return [200, { message: 'ok', data, total_records: data.length }]
  })
})

afterEach(() => {
  vi.useRealTimers()
  api.restore()
})

type ListBody = {
  page: number
  limit: number
  search: string
  column: string
  order: string
  isNavigator: boolean
  adminVerification: string
}
const listBodies = () => api.callsTo(LIST).map((c) => c.body as ListBody)
const columnTitle = (text: string) => screen.getByText(text, { selector: '.ant-table-column-title' })
const tab = (name: string) => screen.queryByRole('tab', { name })
/** A dialog that is closing or closed (jsdom never ends antd's leave animation). */
const closed = (dialog: HTMLElement) =>
  !dialog.isConnected ||
  dialog.className.includes('-leave') ||
  (dialog.closest('.ant-modal-wrap') as HTMLElement | null)?.style.display === 'none'

describe('Nonprofit Management list', () => {
  it('lists the onboarded nonprofits with the default query, formatted Tax ID and dates, and the breadcrumbs', async () => {
    renderApp(PATH, mainAdmin)
    expect(await screen.findByText('Helping Hands')).toBeTruthy()
    expect(screen.getByText('Book Bus')).toBeTruthy()
    expect(screen.getByText('12-3456789')).toBeTruthy()
    expect(screen.getByText('98-7654321')).toBeTruthy()
    expect(screen.getAllByText(formatDate(approved))).toHaveLength(2)
    expect(formatDate(approved)).toBe('Mar 5 2024,3:07 pm')
    expect(listBodies()[0]).toEqual({
      page: 1,
      limit: 10,
      search: '',
      column: 'createdAt',
      order: 'desc',
      isNavigator: false,
      adminVerification: 'Approve',
    })
    for (const title of ['Nonprofit Name', 'Tax ID', 'Admin Approve at', 'Status', 'Action']) {
      expect(screen.getByText(title, { selector: 'th, th *' })).toBeTruthy()
    }
    expect(screen.getByPlaceholderText('Search by Nonprofit Name')).toBeTruthy()
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement
    expect(crumbs.textContent).toContain('Master Management')
    expect(crumbs.textContent).toContain('Nonprofit Management')
    expect(tab('Onboarded Nonprofit')).toBeTruthy()
    expect(tab('Imported Nonprofit')).toBeTruthy()
  })

  it('the main admin gets Add, the switch, Edit, Delete and View; the links lead to the other screens', async () => {
    const { router } = renderApp(PATH, mainAdmin)
    expect((await screen.findByLabelText('Edit Helping Hands')).getAttribute('href')).toBe('/master/charity_edit/n1')
    expect(screen.getByLabelText('View Helping Hands').getAttribute('href')).toBe('/master/charity_views?id=n1')
    expect(screen.getByLabelText('Delete Helping Hands')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Status of Helping Hands' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: /Add New Nonprofit/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/charity_add'))
  })

  it('sorts on the server by name and by approval date', async () => {
    api.on(LIST, [200, { message: 'ok', data: onboarded, total_records: 40 }])
    renderApp(PATH, mainAdmin)
    await screen.findByText('Helping Hands')
    fireEvent.click(columnTitle('Nonprofit Name'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'charityName', order: 'asc', page: 1 }))
    fireEvent.click(columnTitle('Nonprofit Name'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'charityName', order: 'desc' }))
    fireEvent.click(columnTitle('Admin Approve at'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'adminApproveAt', order: 'asc' }))
    fireEvent.click(screen.getByTitle('3'))
    await waitFor(() =>
      expect(listBodies().at(-1)).toMatchObject({ page: 3, column: 'adminApproveAt', isNavigator: false }),
    )
  })

  it('searches only past 2 characters, 700 ms after the last keystroke; clearing resets', async () => {
    renderApp(PATH, mainAdmin)
    await screen.findByText('Helping Hands')
    const box = screen.getByPlaceholderText('Search by Nonprofit Name')
    const searches = () => listBodies().map((b) => b.search)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.change(box, { target: { value: 'he' } })
    act(() => vi.advanceTimersByTime(1000))
    expect(searches()).toEqual([''])

    fireEvent.change(box, { target: { value: 'hel' } })
    act(() => vi.advanceTimersByTime(699))
    expect(searches()).toEqual([''])
    act(() => vi.advanceTimersByTime(1))
    vi.useRealTimers()
    await waitFor(() => expect(searches()).toEqual(['', 'hel']))
    expect(listBodies().at(-1)).toMatchObject({ page: 1, isNavigator: false, adminVerification: 'Approve' })

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.change(box, { target: { value: '' } })
    act(() => vi.advanceTimersByTime(700))
    vi.useRealTimers()
    await waitFor(() => expect(searches()).toEqual(['', 'hel', '']))
  })

  it('deactivates after the exact confirmation, shows the message, closes and reloads', async () => {
    api.on('PATCH /admin/charity/charityStatus/n1', [200, { message: 'Nonprofit deactivated successfully' }])
    renderApp(PATH, mainAdmin)
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Helping Hands' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure Inactive this status ?')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeTruthy()
    const before = listBodies().length
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/charity/charityStatus/n1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/charity/charityStatus/n1')[0].body).toEqual({ isActive: false })
    expect(await screen.findByText('Nonprofit deactivated successfully')).toBeTruthy()
    await waitFor(() => expect(listBodies().length).toBe(before + 1))
    await waitFor(() => expect(closed(dialog)).toBe(true))
  })

  it('asks "Active" for an inactive one; No sends nothing', async () => {
    renderApp(PATH, mainAdmin)
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Book Bus' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure Active this status ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }))
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)
  })

  it('a failed status change closes the dialog with the server message', async () => {
    api.on('PATCH /admin/charity/charityStatus/n2', [404, { message: 'Nonprofit not found', code: 'NOT_FOUND' }])
    renderApp(PATH, mainAdmin)
    await userEvent.click(await screen.findByRole('switch', { name: 'Status of Book Bus' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Nonprofit not found')).toBeTruthy()
    await waitFor(() => expect(closed(dialog)).toBe(true))
  })

  it('deletes after "Are you sure you want to Delete ?" with POST { id }', async () => {
    api.on('POST /admin/charity/delete', [200, { message: 'Nonprofit deleted successfully' }])
    renderApp(PATH, mainAdmin)
    await userEvent.click(await screen.findByLabelText('Delete Book Bus'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Delete ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('POST /admin/charity/delete')).toHaveLength(1))
    expect(api.callsTo('POST /admin/charity/delete')[0].body).toEqual({ id: 'n2' })
    expect(await screen.findByText('Nonprofit deleted successfully')).toBeTruthy()
  })
})

describe('Nonprofit Management tabs', () => {
  it('the Imported tab lists imported ones with Onboard, View and Delete, and offers the import', async () => {
    renderApp(PATH, mainAdmin)
    await screen.findByText('Helping Hands')
    expect(screen.queryByRole('button', { name: /Import Business Master File/ })).toBeNull()
    await userEvent.click(tab('Imported Nonprofit')!)
    expect(await screen.findByText('Prairie Food Pantry')).toBeTruthy()
    expect(listBodies().at(-1)).toEqual({
      page: 1,
      limit: 10,
      search: '',
      column: 'createdAt',
      order: 'desc',
      isNavigator: true,
      adminVerification: '',
    })
    expect(screen.getByText('47-0000001')).toBeTruthy()
    expect(screen.getByLabelText('Onboard Prairie Food Pantry').getAttribute('href')).toBe('/master/charity_edit/i1')
    expect(screen.getByLabelText('View Prairie Food Pantry').getAttribute('href')).toBe('/master/charity_views?id=i1')
    expect(screen.getByLabelText('Delete Prairie Food Pantry')).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByLabelText(/^Edit /)).toBeNull()
    expect(screen.getByRole('button', { name: /Import Business Master File/ })).toBeTruthy()

    await userEvent.click(tab('Onboarded Nonprofit')!)
    expect(await screen.findByText('Helping Hands')).toBeTruthy()
    expect(listBodies().at(-1)).toMatchObject({ isNavigator: false, adminVerification: 'Approve' })
  })

  it('the search carries over to the other tab', async () => {
    renderApp(PATH, mainAdmin)
    await screen.findByText('Helping Hands')
    await userEvent.type(screen.getByPlaceholderText('Search by Nonprofit Name'), 'pantry')
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ search: 'pantry' }), { timeout: 3000 })
    await userEvent.click(tab('Imported Nonprofit')!)
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ search: 'pantry', isNavigator: true }))
  })
})

describe('Nonprofit Management rights', () => {
  it('add only: Add New Nonprofit and the switch; no Edit, Delete or Imported tab', async () => {
    renderApp(PATH, subAdmin({ [MODULE]: ['add'] }))
    expect(await screen.findByText('Helping Hands')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Add New Nonprofit/ })).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Status of Helping Hands' })).toBeTruthy()
    expect(screen.queryByLabelText(/^Edit /)).toBeNull()
    expect(screen.queryByLabelText(/^Delete /)).toBeNull()
    expect(tab('Imported Nonprofit')).toBeNull()
    expect(tab('Onboarded Nonprofit')).toBeTruthy()
    expect(screen.getByLabelText('View Helping Hands')).toBeTruthy()
  })

  it('edit only: the switch and Edit; no Add, Delete or Imported tab', async () => {
    renderApp(PATH, subAdmin({ [MODULE]: ['edit'] }))
    expect(await screen.findByLabelText('Edit Helping Hands')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Status of Helping Hands' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Add New Nonprofit/ })).toBeNull()
    expect(screen.queryByLabelText(/^Delete /)).toBeNull()
    expect(tab('Imported Nonprofit')).toBeNull()
  })

  it('delete only: Delete and the Imported tab; no switch, Edit, Add or Onboard', async () => {
    renderApp(PATH, subAdmin({ [MODULE]: ['delete'] }))
    expect(await screen.findByLabelText('Delete Helping Hands')).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByText('Status', { selector: 'th' })).toBeNull()
    expect(screen.queryByLabelText(/^Edit /)).toBeNull()
    expect(screen.queryByRole('button', { name: /Add New Nonprofit/ })).toBeNull()
    await userEvent.click(tab('Imported Nonprofit')!)
    expect(await screen.findByText('Prairie Food Pantry')).toBeTruthy()
    expect(screen.queryByLabelText(/^Onboard /)).toBeNull()
    expect(screen.getByRole('button', { name: /Import Business Master File/ })).toBeTruthy()
  })

  it('status only (the right the server checks for the switch): the switch, nothing else', async () => {
    renderApp(PATH, subAdmin({ [MODULE]: ['status'] }))
    expect(await screen.findByRole('switch', { name: 'Status of Helping Hands' })).toBeTruthy()
    expect(screen.queryByLabelText(/^Edit /)).toBeNull()
    expect(screen.queryByLabelText(/^Delete /)).toBeNull()
    expect(screen.queryByRole('button', { name: /Add New Nonprofit/ })).toBeNull()
    expect(tab('Imported Nonprofit')).toBeNull()
  })

  it('a sub-admin without any nonprofit right is sent away', async () => {
    const { router } = renderApp(PATH, subAdmin({ '/master/cause_management': ['status'] }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/cause_management'))
    expect(api.callsTo(LIST)).toHaveLength(0)
  })
})

describe('Business Master File import', () => {
  const dryRun = {
    importId: 'imp-1',
    rows: 4,
    new: 2,
    changed: 1,
    unchanged: 0,
    skipped: 0,
    invalid: 1,
    errors: [{ row: 5, reason: 'EIN must be 9 digits' }],
  }
  const applied = { ...dryRun, importId: 'imp-1' }

  async function openImport() {
    renderApp(PATH, mainAdmin)
    await screen.findByText('Helping Hands')
    await userEvent.click(tab('Imported Nonprofit')!)
    await screen.findByText('Prairie Food Pantry')
    await userEvent.click(screen.getByRole('button', { name: /Import Business Master File/ }))
    const title = await screen.findByText('Import Business Master File', { selector: '.ant-modal-title' })
    return title.closest('[role="dialog"]') as HTMLElement
  }

  const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement
  const csv = (name = 'bmf.csv') => new File(['EIN,NAME\n470000001,PRAIRIE FOOD PANTRY\n'], name, { type: 'text/csv' })

  it('uploads the chosen .csv with a progress bar, shows the dry run, applies and reloads', async () => {
    let release!: (reply: Reply) => void
    api.on('POST /admin/charity/import', () => new Promise<Reply>((ok) => (release = ok)))
    api.on('POST /admin/charity/import/imp-1/apply', [200, { message: 'Import applied successfully', data: applied }])
    const dialog = await openImport()
    const upload = within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement
    expect(upload.disabled).toBe(true)
    fireEvent.change(fileInput(dialog), { target: { files: [csv()] } })
    expect(await within(dialog).findByText('bmf.csv')).toBeTruthy()
    await waitFor(() => expect(upload.disabled).toBe(false))
    await userEvent.click(upload)

    // While the file travels: a progress bar.
    expect(await within(dialog).findByRole('progressbar')).toBeTruthy()
    const sent = api.callsTo('POST /admin/charity/import')[0]
    expect(sent.body).toBeInstanceOf(FormData)
    const file = (sent.body as FormData).get('file') as File
    expect(file.name).toBe('bmf.csv')
    await act(async () => release([200, { message: 'ok', data: dryRun }]))

    // The dry run: counts and the invalid rows.
    expect(await within(dialog).findByText('Invalid rows')).toBeTruthy()
    const summary = within(dialog).getByLabelText('Import summary')
    for (const [label, value] of [
      ['Rows', '4'],
      ['New', '2'],
      ['Changed', '1'],
      ['Unchanged', '0'],
      ['Skipped', '0'],
      ['Invalid', '1'],
    ]) {
      const cell = within(summary).getByText(label, { selector: 'th, th *' }).closest('th')!
      expect(cell.nextElementSibling?.textContent, label).toBe(value)
    }
    const invalid = within(dialog).getByRole('table', { name: 'Invalid rows' })
    expect(within(invalid).getByText('5')).toBeTruthy()
    expect(within(invalid).getByText('EIN must be 9 digits')).toBeTruthy()
    expect(api.callsTo('POST /admin/charity/import/imp-1/apply')).toHaveLength(0)

    const before = listBodies().length
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }))
    expect(await within(dialog).findByText('Import applied')).toBeTruthy()
    expect(api.callsTo('POST /admin/charity/import/imp-1/apply')).toHaveLength(1)
    expect(await screen.findByText('Import applied successfully')).toBeTruthy()
    await waitFor(() => expect(listBodies().length).toBe(before + 1))
    expect(listBodies().at(-1)).toMatchObject({ isNavigator: true })
    const footer = dialog.querySelector('.ant-modal-footer') as HTMLElement
    expect(within(footer).getByRole('button', { name: 'Close' })).toBeTruthy()
    expect(within(footer).queryByRole('button', { name: 'Apply' })).toBeNull()
  })

  it('accepts only a .csv file', async () => {
    const dialog = await openImport()
    fireEvent.change(fileInput(dialog), { target: { files: [new File(['x'], 'bmf.xlsx')] } })
    expect(await within(dialog).findByText('Please choose a .csv file')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true)
    expect(api.callsTo('POST /admin/charity/import')).toHaveLength(0)
  })

  it('a forgotten upload asks to upload again', async () => {
    api.on('POST /admin/charity/import', [200, { message: 'ok', data: { ...dryRun, errors: [], invalid: 0 } }])
    api.on('POST /admin/charity/import/imp-1/apply', [
      404,
      { message: 'Import not found, upload the file again', code: 'NOT_FOUND' },
    ])
    const dialog = await openImport()
    fireEvent.change(fileInput(dialog), { target: { files: [csv()] } })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upload' }))
    expect(within(dialog).queryByText('Invalid rows')).toBeNull()
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Apply' }))
    expect((await screen.findAllByText('Import not found, upload the file again')).length).toBeGreaterThan(0)
    expect(await within(dialog).findByRole('button', { name: /Upload$/ })).toBeTruthy()
  })
})
