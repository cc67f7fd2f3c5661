import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const PENDING = 'POST /admin/strategic-partner/pending-List'
const APPROVED = 'POST /admin/strategic-partner/strategicPartnerList'
const VERIFY = 'POST /admin/strategic-partner/changeVerificationStatus'
const applied = new Date(2026, 2, 4, 10, 15).getTime()

const partner = (over: Record<string, unknown> = {}) => ({
  _id: 'g1',
  name: 'Acme Giving',
  userName: 'Ada Acme',
  emailAddress: 'ada@acme.example',
  phoneNumber: '5551234567',
  website: 'https://acme.example',
  logo: '',
  description: 'We match our staff gifts.',
  adminVerification: 'Pending',
  rejectReason: '',
  isActive: true,
  appliedAt: applied,
  // The BFF sends 0 for a time that is not set.
  verifiedAt: 0,
  state: 'Ohio',
  city: 'Columbus',
  ...over,
})
const pendingRows = [
  partner(),
  partner({
    _id: 'g2',
    name: 'Shady Corp',
    userName: 'Sid',
    emailAddress: 'sid@shady.example',
    adminVerification: 'Reject',
    rejectReason: 'Website does not exist',
  }),
]

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(PENDING, [200, { message: 'ok', data: pendingRows, total_records: 2 }])
  api.on(APPROVED, [
    200,
    {
      message: 'ok',
      data: [partner({ _id: 'a1', name: 'Bright Co', adminVerification: 'Approve' })],
      total_records: 1,
    },
  ])
  api.on('GET /admin/strategic-partner/get/g1', [200, { message: 'ok', data: partner() }])
  api.on('GET /admin/strategic-partner/get/g2', [200, { message: 'ok', data: pendingRows[1] }])
})

afterEach(() => api.restore())

// Label and selector look-ups with fireEvent in the lists: role queries and user-event's pointer
// check walk the computed styles of the whole table (slow under load, see new-nonprofit.test.tsx).
const dialogWith = async (text: string) => (await screen.findByText(text)).closest('[role="dialog"]') as HTMLElement
const press = (dialog: HTMLElement, label: string) =>
  fireEvent.click(within(dialog).getByText(label, { selector: 'button span' }).closest('button') as HTMLElement)
const hrefOf = (label: string) => screen.getByLabelText(label).getAttribute('href')

describe('Pending/Rejected Partners', () => {
  it('lists partners with their status and the links each status allows', async () => {
    renderApp('/strategic/pending_strategic_partner', mainAdmin)
    expect(await screen.findByText('Acme Giving')).toBeTruthy()
    expect(screen.getByPlaceholderText('Search By Giving Partner Name')).toBeTruthy()
    expect(screen.getByText('Pending', { selector: '.ant-tag' })).toBeTruthy()
    expect(screen.getByText('Reject', { selector: '.ant-tag' })).toBeTruthy()
    expect(hrefOf('Approve Acme Giving')).toBe('/strategic/strategic_view/g1?action=approve')
    expect(hrefOf('Reject Acme Giving')).toBe('/strategic/strategic_view/g1?action=reject')
    expect(hrefOf('Approve Shady Corp')).toBe('/strategic/strategic_view/g2?action=approve')
    expect(screen.queryByLabelText('Reject Shady Corp')).toBeNull()
    expect(screen.queryByLabelText('View rejected reason of Acme Giving')).toBeNull()
    expect(screen.getByLabelText('View rejected reason of Shady Corp').textContent).toContain('View')
    expect(api.callsTo(PENDING)[0].body).toEqual({ page: 1, limit: 10, search: '', column: 'appliedAt', order: 'desc' })
  })

  it('shows a rejected partner’s reason read-only, without a submit button', async () => {
    renderApp('/strategic/pending_strategic_partner', mainAdmin)
    fireEvent.click(await screen.findByLabelText('View rejected reason of Shady Corp'))
    const dialog = await dialogWith('Rejected Reason')
    const reason = within(dialog).getByLabelText('Reason') as HTMLTextAreaElement
    await waitFor(() => expect(reason.value).toBe('Website does not exist'))
    expect(reason.readOnly).toBe(true)
    const footer = [...(dialog.querySelector('.ant-modal-footer') as HTMLElement).querySelectorAll('button')]
    expect(footer.map((b) => b.textContent)).toEqual(['Cancel'])
    fireEvent.click(footer[0])
    expect(api.calls.filter((c) => c.url.endsWith('changeVerificationStatus'))).toHaveLength(0)
  })

  it('sorts by name on the server', async () => {
    renderApp('/strategic/pending_strategic_partner', mainAdmin)
    await screen.findByText('Acme Giving')
    fireEvent.click(screen.getByText('Name', { selector: '.ant-table-column-title' }))
    await waitFor(() => expect(api.callsTo(PENDING).at(-1)?.body).toMatchObject({ column: 'name', order: 'asc' }))
  })
})

describe('Strategic view', () => {
  it('shows every field of the partner', async () => {
    renderApp('/strategic/strategic_view/g1', mainAdmin)
    expect(await screen.findByText('Acme Giving')).toBeTruthy()
    expect(screen.getByText('Ada Acme')).toBeTruthy()
    expect(screen.getByText('ada@acme.example')).toBeTruthy()
    expect(screen.getByText('(555) 123-4567')).toBeTruthy()
    expect(screen.getByText('https://acme.example')).toBeTruthy()
    expect(screen.getByText('Columbus, Ohio')).toBeTruthy()
    expect(screen.getByText('We match our staff gifts.')).toBeTruthy()
    expect(screen.getByText('Mar 4 2026,10:15 am')).toBeTruthy()
    expect(screen.queryByText(/1970/)).toBeNull()
  })

  it('approves after confirmation with an empty reason, then goes to /strategic', async () => {
    api.on(VERIFY, [
      200,
      { message: 'Giving partner approved successfully', data: partner({ adminVerification: 'Approve' }) },
    ])
    const { router } = renderApp('/strategic/strategic_view/g1', mainAdmin)
    await userEvent.click(await screen.findByRole('button', { name: /Approve/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Approve ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategic'))
    expect(api.callsTo(VERIFY)[0].body).toEqual({
      strategicPartnerId: 'g1',
      adminVerification: 'Approve',
      rejectReason: '',
    })
    expect(await screen.findByText('Giving partner approved successfully')).toBeTruthy()
  })

  it('opens the reject dialog from the list’s link, needs a reason, then goes to the pending list', async () => {
    api.on(VERIFY, [
      200,
      { message: 'Giving partner rejected successfully', data: partner({ adminVerification: 'Reject' }) },
    ])
    const { router } = renderApp('/strategic/strategic_view/g1?action=reject', mainAdmin)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Reject ?')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await within(dialog).findByText('Please Enter Add Reason')).toBeTruthy()
    expect(api.callsTo(VERIFY)).toHaveLength(0)
    await userEvent.type(within(dialog).getByRole('textbox'), '  No tax documents  ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategic/pending_strategic_partner'))
    expect(api.callsTo(VERIFY)[0].body).toEqual({
      strategicPartnerId: 'g1',
      adminVerification: 'Reject',
      rejectReason: 'No tax documents',
    })
  })

  it('stays on the view when the server refuses, and shows why', async () => {
    api.on(VERIFY, [
      400,
      { message: 'Please Enter Add Reason', errors: [{ field: 'rejectReason', message: 'Please Enter Add Reason' }] },
    ])
    const { router } = renderApp('/strategic/strategic_view/g1?action=approve', mainAdmin)
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Please Enter Add Reason')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/strategic/strategic_view/g1')
  })

  it('offers only Approve for a rejected partner and shows its reason', async () => {
    renderApp('/strategic/strategic_view/g2', mainAdmin)
    expect(await screen.findByText('Website does not exist')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Approve/ })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull()
  })
})

describe('Management of Approved Partners', () => {
  it('toggles the status after confirmation', async () => {
    api.on('PATCH /admin/strategic-partner/strategicPartnerStatus/a1', [
      200,
      { message: 'Giving partner deactivated successfully', data: partner({ _id: 'a1', isActive: false }) },
    ])
    renderApp('/strategic', mainAdmin)
    fireEvent.click(await screen.findByLabelText('Status of Bright Co'))
    const dialog = await dialogWith('Are you sure Inactive this status ?')
    press(dialog, 'Yes')
    await waitFor(() => expect(api.callsTo('PATCH /admin/strategic-partner/strategicPartnerStatus/a1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/strategic-partner/strategicPartnerStatus/a1')[0].body).toEqual({ isActive: false })
    expect(await screen.findByText('Giving partner deactivated successfully')).toBeTruthy()
  })

  it('deletes after confirmation', async () => {
    api.on('POST /admin/strategic-partner/deleteByAdmin', [
      200,
      { message: 'Giving partner deleted successfully', data: null },
    ])
    renderApp('/strategic', mainAdmin)
    fireEvent.click(await screen.findByLabelText('Delete Bright Co'))
    const dialog = await dialogWith('Are you sure you want to Delete ?')
    press(dialog, 'Yes')
    await waitFor(() => expect(api.callsTo('POST /admin/strategic-partner/deleteByAdmin')).toHaveLength(1))
    expect(api.callsTo('POST /admin/strategic-partner/deleteByAdmin')[0].body).toEqual({ strategicPartnerId: 'a1' })
  })

  it('shows a sub-admin only what it was granted', async () => {
    renderApp('/strategic', subAdmin({ '/strategic': ['view'] }))
    expect(await screen.findByText('Bright Co')).toBeTruthy()
    expect(screen.queryByLabelText('Status of Bright Co')).toBeNull()
    expect(screen.queryByLabelText('Delete Bright Co')).toBeNull()
  })
})

describe('who may open the partner screens', () => {
  it('a sub-admin holding the pending partners’ view opens the strategic view, and the approved list only with its own grant', async () => {
    const { router } = renderApp(
      '/strategic/strategic_view/g1',
      subAdmin({ '/strategic/pending_strategic_partner': ['view'] }),
    )
    expect(await screen.findByText('Giving Partner Details')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/strategic/strategic_view/g1')
  })

  it('the approved list offers View only to who may open the strategic view', async () => {
    renderApp('/strategic', subAdmin({ '/strategic': ['view', 'delete'] }))
    expect(await screen.findByText('Bright Co')).toBeTruthy()
    expect(screen.queryByLabelText('View Bright Co')).toBeNull()
    expect(screen.getByLabelText('Delete Bright Co')).toBeTruthy()
  })
})
