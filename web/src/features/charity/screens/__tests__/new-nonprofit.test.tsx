import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'

const LIST = 'POST /admin/charity/charityList'
const created = new Date(2024, 5, 1, 8, 5).getTime()
const row = (over: Record<string, unknown>) => ({
  _id: 'p1',
  charityName: 'River Rescue',
  taxId: '111111111',
  adminApproveAt: null,
  isActive: true,
  adminVerification: 'Pending',
  rejectReason: '',
  isImported: false,
  createdAt: created,
  ...over,
})
const pending = [row({}), row({ _id: 'p2', charityName: 'Mountain Meals', taxId: '22-2222222' })]
const rejected = [
  row({ _id: 'r1', charityName: 'Shady Fund', adminVerification: 'Reject', rejectReason: 'Tax ID does not match' }),
]

const record = {
  ...row({}),
  categoryId: 'c1',
  categoryName: 'Environment',
  causeIds: ['k1'],
  causes: [{ _id: 'k1', name: 'Clean Water' }],
  mission: '<p>Keeping <strong>rivers</strong> clean</p>',
  description: '',
  logo: 'logo-1.png',
  images: [],
  website: 'https://river.example.org',
  email: 'info@river.example.org',
  phoneNumber: '5551234567',
  address: '1 River Rd',
  city: 'Springfield',
  state: 'IL',
  country: 'United States',
  zipCode: '62701',
  countryId: '',
  stateId: '',
  cityId: '',
  adminFirstName: 'Rita',
  adminLastName: 'Reed',
  adminEmail: 'rita@river.example.org',
  adminPhone: '',
  paymentMethods: [],
  nteeCode: '',
  updatedAt: created,
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, (call) => {
    const body = call.body as { adminVerification: string }
    const data = body.adminVerification === 'Reject' ? rejected : pending
    return [200, { message: 'ok', data, total_records: data.length }]
  })
  api.on('GET /admin/charity/get/p1', [200, { message: 'ok', data: record }])
})

afterEach(() => api.restore())

const listBodies = () => api.callsTo(LIST).map((c) => c.body)
const VERIFY = 'POST /admin/charity/changeVerification'
/** The open dialog with this title (antd's test ids make dialog names unreliable). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title, { selector: '.ant-modal-title' })
  return titles.at(-1)!.closest('[role="dialog"]') as HTMLElement
}
const closed = (dialog: HTMLElement) =>
  !dialog.isConnected ||
  dialog.className.includes('-leave') ||
  (dialog.closest('.ant-modal-wrap') as HTMLElement | null)?.style.display === 'none'

describe('New Nonprofit list', () => {
  it('lists the nonprofits waiting for verification, with a View link, in the menu and breadcrumbs', async () => {
    renderApp('/master', mainAdmin)
    expect(await screen.findByText('River Rescue')).toBeTruthy()
    expect(screen.getByText('Mountain Meals')).toBeTruthy()
    expect(screen.getByText('11-1111111')).toBeTruthy()
    expect(screen.getByText('22-2222222')).toBeTruthy()
    expect(screen.getAllByText(formatDate(created))).toHaveLength(2)
    expect(listBodies()[0]).toEqual({
      page: 1,
      limit: 10,
      search: '',
      column: 'createdAt',
      order: 'desc',
      isNavigator: false,
      adminVerification: 'Pending',
    })
    for (const title of ['Nonprofit Name', 'Tax ID', 'Created At', 'Action']) {
      expect(screen.getByText(title, { selector: 'th, th *' })).toBeTruthy()
    }
    expect(screen.getByLabelText('View River Rescue').getAttribute('href')).toBe('/master/master_view/p1')
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement
    expect(crumbs.textContent).toContain('Master Management')
    expect(crumbs.textContent).toContain('New Nonprofit')
    const menu = screen.getByRole('menu', { name: 'Main menu' })
    expect(within(menu).getByRole('link', { name: 'New Nonprofit' })).toBeTruthy()
    expect(within(menu).getByRole('link', { name: 'Nonprofit Management' })).toBeTruthy()
  })

  it('sorts and pages on the server', async () => {
    api.on(LIST, [200, { message: 'ok', data: pending, total_records: 30 }])
    renderApp('/master', mainAdmin)
    await screen.findByText('River Rescue')
    fireEvent.click(screen.getByText('Nonprofit Name', { selector: '.ant-table-column-title' }))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'charityName', order: 'asc', page: 1 }))
    fireEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ page: 2, adminVerification: 'Pending' }))
  })

  it('the Rejected tab lists rejected ones with a status tag; Reason shows the reason read-only', async () => {
    renderApp('/master', mainAdmin)
    await screen.findByText('River Rescue')
    await userEvent.click(screen.getByRole('tab', { name: 'Rejected' }))
    expect(await screen.findByText('Shady Fund')).toBeTruthy()
    expect(listBodies().at(-1)).toMatchObject({ adminVerification: 'Reject', isNavigator: false, page: 1 })
    // The status reads as a state (a tag), not as a red 'Reject' link; the reason is the action.
    const row = screen.getByText('Shady Fund').closest('tr') as HTMLElement
    expect(row.querySelector('.ant-tag')?.textContent).toBe('Rejected')
    const buttons = [...row.querySelectorAll('button')].map((b) => [b.getAttribute('aria-label'), b.textContent])
    expect(buttons).toEqual([['Rejected reason of Shady Fund', 'Reason']])
    // fireEvent and selector look-ups: role queries and user-event's pointer check walk the
    // computed styles of the whole table and took most of this test's 14 s under load.
    fireEvent.click(row.querySelector('button[aria-label="Rejected reason of Shady Fund"]') as HTMLElement)
    const dialog = await dialogTitled('Rejected Reason')
    const reason = within(dialog).getByLabelText('Reason') as HTMLTextAreaElement
    await waitFor(() => expect(reason.value).toBe('Tax ID does not match'))
    expect(reason.readOnly).toBe(true)
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).toBeNull()
    const footer = [...(dialog.querySelector('.ant-modal-footer') as HTMLElement).querySelectorAll('button')]
    expect(footer.map((b) => b.textContent)).toEqual(['Cancel'])
    fireEvent.click(footer[0])
    await waitFor(() => expect(closed(dialog)).toBe(true))
  })

  it('opens on the tab its URL names, and a tab change is written there', async () => {
    const { router } = renderApp('/master?tab=rejected', mainAdmin)
    expect(await screen.findByText('Shady Fund')).toBeTruthy()
    expect(listBodies()).toEqual([
      {
        page: 1,
        limit: 10,
        search: '',
        column: 'createdAt',
        order: 'desc',
        isNavigator: false,
        adminVerification: 'Reject',
      },
    ])
    expect(screen.getByRole('tab', { name: 'Rejected', selected: true })).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Pending' }))
    expect(await screen.findByText('River Rescue')).toBeTruthy()
    expect(router.state.location.search).toBe('')
    expect(listBodies().at(-1)).toMatchObject({ adminVerification: 'Pending', page: 1 })
  })

  it('a sub-admin with New Nonprofit view may open it; one without is sent away', async () => {
    let view = renderApp('/master', subAdmin({ '/master': ['view'] }))
    expect(await screen.findByText('River Rescue')).toBeTruthy()
    view.unmount()
    view = renderApp('/master', subAdmin({ '/master/cause_management': ['status'] }))
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/master/cause_management'))
  })
})

describe('New Nonprofit view: approve and reject', () => {
  it('shows the nonprofit with Approve and Reject', async () => {
    renderApp('/master/master_view/p1', mainAdmin)
    expect(await screen.findByText('River Rescue')).toBeTruthy()
    expect(screen.getByText('11-1111111')).toBeTruthy()
    expect(screen.getByText('Environment')).toBeTruthy()
    expect(screen.getByText('Clean Water')).toBeTruthy()
    expect(screen.getByText('(555) 123-4567')).toBeTruthy()
    expect(screen.getByText('rivers').tagName).toBe('STRONG')
    expect(screen.getByText('Pending')).toBeTruthy()
    expect((screen.getByAltText('River Rescue logo') as HTMLImageElement).src).toContain('/media/charity/logo-1.png')
    expect(screen.getByRole('button', { name: /Approve/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Reject/ })).toBeTruthy()
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement
    expect(within(crumbs).getByRole('link', { name: 'New Nonprofit' })).toBeTruthy()
    expect(crumbs.textContent).toContain('View Nonprofit')
  })

  it('Approve asks first, sends an empty reason and goes back to /master', async () => {
    api.on(VERIFY, [200, { message: 'Nonprofit approved successfully' }])
    const { router } = renderApp('/master/master_view/p1', mainAdmin)
    await userEvent.click(await screen.findByRole('button', { name: /Approve/ }))
    const dialog = await dialogTitled('Are you sure you want to Approve ?')
    expect(within(dialog).queryByLabelText('Reason')).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }))
    expect(api.callsTo(VERIFY)).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: /Approve/ }))
    const again = await dialogTitled('Are you sure you want to Approve ?')
    await userEvent.click(within(again).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo(VERIFY)).toHaveLength(1))
    expect(api.callsTo(VERIFY)[0].body).toEqual({ charityId: 'p1', adminVerification: 'Approve', rejectReason: '' })
    expect(await screen.findByText('Nonprofit approved successfully')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/master'))
  })

  it('Reject requires the reason, then sends it and goes to /master', async () => {
    api.on(VERIFY, [200, { message: 'Nonprofit rejected successfully' }])
    const { router } = renderApp('/master/master_view/p1', mainAdmin)
    await userEvent.click(await screen.findByRole('button', { name: /Reject/ }))
    const dialog = await dialogTitled('Are you sure you want to Reject ?')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await within(dialog).findByText('Please Enter Add Reason')).toBeTruthy()
    await userEvent.type(within(dialog).getByLabelText('Reason'), '   ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await within(dialog).findByText('Please Enter Add Reason')).toBeTruthy()
    expect(api.callsTo(VERIFY)).toHaveLength(0)

    await userEvent.clear(within(dialog).getByLabelText('Reason'))
    await userEvent.type(within(dialog).getByLabelText('Reason'), ' Documents missing ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo(VERIFY)).toHaveLength(1))
    expect(api.callsTo(VERIFY)[0].body).toEqual({
      charityId: 'p1',
      adminVerification: 'Reject',
      rejectReason: 'Documents missing',
    })
    expect(await screen.findByText('Nonprofit rejected successfully')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/master'))
  })

  it("a failed reject shows 'Something went wrong' without a server message, closes and stays", async () => {
    api.on(VERIFY, [500, {}])
    const { router } = renderApp('/master/master_view/p1', mainAdmin)
    await userEvent.click(await screen.findByRole('button', { name: /Reject/ }))
    const dialog = await dialogTitled('Are you sure you want to Reject ?')
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Fake')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Something went wrong')).toBeTruthy()
    await waitFor(() => expect(closed(dialog)).toBe(true))
    expect(router.state.location.pathname).toBe('/master/master_view/p1')
  })

  it('a failed approve shows the server message', async () => {
    api.on(VERIFY, [409, { message: 'Nonprofit is already approved', code: 'CONFLICT' }])
    renderApp('/master/master_view/p1', mainAdmin)
    await userEvent.click(await screen.findByRole('button', { name: /Approve/ }))
    const dialog = await dialogTitled('Are you sure you want to Approve ?')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Nonprofit is already approved')).toBeTruthy()
    await waitFor(() => expect(closed(dialog)).toBe(true))
  })

  it('a rejected nonprofit shows its reason and only Approve', async () => {
    api.on('GET /admin/charity/get/r1', [
      200,
      {
        message: 'ok',
        data: { ...record, _id: 'r1', adminVerification: 'Reject', rejectReason: 'Tax ID does not match' },
      },
    ])
    renderApp('/master/master_view/r1', mainAdmin)
    expect(await screen.findByText('Tax ID does not match')).toBeTruthy()
    expect(screen.getByText('Rejected')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Approve/ })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull()
  })

  it('shows a load failure with a way back', async () => {
    api.on('GET /admin/charity/get/zz', [404, { message: 'Nonprofit not found', code: 'NOT_FOUND' }])
    const { router } = renderApp('/master/master_view/zz', mainAdmin)
    expect((await screen.findAllByText('Nonprofit not found')).length).toBeGreaterThan(0)
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master'))
  })
})
