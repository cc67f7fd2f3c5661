import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'
import { resetMetaData } from '../../../../lib/meta-data'
import type { SessionUser } from '../../../../lib/session'
import { charityRecord, created } from './charity-fixture'

const GET = 'GET /admin/charity/get/n1'
const METHODS = 'GET /admin/payment-method/findPaymentMethodbyCharity/n1'

let api: MockApi

beforeEach(() => {
  resetMetaData()
  api = mockApi()
  api
    .on('GET /auth/metaData', META_DATA)
    .on(GET, [200, { message: 'ok', data: charityRecord }])
    .on(METHODS, [
      200,
      {
        message: 'ok',
        data: [
          {
            _id: 'pm1',
            type: 'bank_account',
            bankName: 'First Bank',
            accountHolder: 'Water For All',
            last4: '6789',
            isDefault: true,
          },
          {
            _id: 'pm2',
            type: 'bank_account',
            bankName: 'Second Bank',
            accountHolder: 'Ann Lee',
            last4: '4321',
            isDefault: false,
          },
        ],
      },
    ])
})

afterEach(() => api.restore())

const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname
const button = (text: string) => screen.queryByText(text, { selector: 'button span' })?.closest('button') ?? null
/** The value cell of a Descriptions label. */
function field(label: string): HTMLElement {
  const th = screen.getByText(label, { selector: '.ant-descriptions-item-label > span' }).closest('th') as HTMLElement
  return th.nextElementSibling as HTMLElement
}

const charityAdmin = (charityId?: string): SessionUser => ({
  ...subAdmin({ '/master/charity_management': ['edit'] }),
  adminType: 'Charity Admin',
  ...(charityId ? { charityId } : {}),
})

describe('Nonprofit view', () => {
  it('shows a nine-digit zip code as XXXXX-XXXX', async () => {
    api.on(GET, [200, { message: 'ok', data: { ...charityRecord, zipCode: '122071234' } }])
    renderApp('/master/charity_views?id=n1', mainAdmin)
    await waitFor(() => expect(field('Zip Code').textContent).toBe('12207-1234'))
  })

  it('shows every field of the nonprofit of ?id=, read-only', async () => {
    renderApp('/master/charity_views?id=n1', mainAdmin)
    expect(
      await screen.findByText('Water For All', {
        selector: '.ant-descriptions-item-content *, .ant-descriptions-item-content',
      }),
    ).toBeTruthy()
    expect(document.querySelector('.ant-breadcrumb')?.textContent).toContain('View Nonprofit')
    expect(field('Tax ID').textContent).toBe('12-3456789')
    expect(field('Category').textContent).toBe('Health')
    expect(field('Causes').textContent).toBe('Clean Water')
    expect(field('Email').textContent).toBe('info@water.example.org')
    expect(field('Phone Number').textContent).toBe('(555) 123-4567')
    expect(within(field('Website')).getByText('https://water.example.org').closest('a')?.getAttribute('href')).toBe(
      'https://water.example.org',
    )
    expect(field('Address').textContent).toBe('1 Main St')
    expect(field('City').textContent).toBe('Albany')
    expect(field('State').textContent).toBe('New York')
    expect(field('Country').textContent).toBe('United States')
    expect(field('Zip Code').textContent).toBe('12207')
    expect(field('Admin Name').textContent).toBe('Ann Lee')
    expect(field('Admin Email').textContent).toBe('ann@water.example.org')
    expect(field('Admin Phone').textContent).toBe('-')
    expect(field('Status').textContent).toBe('Active')
    expect(field('Verification').textContent).toBe('Approved')
    expect(field('Admin Approve at').textContent).toBe(formatDate(created))
    expect(field('Source').textContent).toBe('Onboarded')
    expect(field('NTEE Code').textContent).toBe('C20')
    expect(field('Mission').innerHTML).toContain('<p>Clean water for every village</p>')
    expect(field('Description').textContent).toBe('Since 1990')
    expect(screen.queryByText('Rejected Reason')).toBeNull()
    // Logo and images from the media address.
    await waitFor(() =>
      expect(document.querySelector('img[alt="Water For All logo"]')?.getAttribute('src')).toBe(
        'https://cdn.example.org/media/charity/logo1.png',
      ),
    )
    expect(document.querySelector('img[alt="img1.png"]')?.getAttribute('src')).toBe(
      'https://cdn.example.org/media/charity/img1.png',
    )
    // Payment methods of the payment-method call, masked.
    await waitFor(() => expect(screen.getByText('Second Bank')).toBeTruthy())
    expect(screen.getByText('••••6789')).toBeTruthy()
    expect(screen.getByText('••••4321')).toBeTruthy()
    expect(screen.getByText('Default', { selector: '.ant-tag' })).toBeTruthy()
    expect(api.callsTo(METHODS)).toHaveLength(1)
    // Nothing to edit in place.
    expect(document.querySelector('.ant-descriptions input')).toBeNull()
  })

  it('shows the reason of a rejected nonprofit and strips unsafe content', async () => {
    api.on(GET, [
      200,
      {
        message: 'ok',
        data: {
          ...charityRecord,
          adminVerification: 'Reject',
          rejectReason: 'Missing documents',
          adminApproveAt: null,
          isImported: true,
          mission: '<p onclick="x()">Safe<script>alert(1)</script> <a href="javascript:alert(1)">link</a></p>',
          website: 'javascript:alert(1)',
        },
      },
    ])
    renderApp('/master/charity_views?id=n1', mainAdmin)
    await screen.findByText('Rejected Reason')
    expect(field('Rejected Reason').textContent).toBe('Missing documents')
    expect(field('Verification').textContent).toBe('Rejected')
    expect(field('Admin Approve at').textContent).toBe('-')
    expect(field('Source').textContent).toBe('Imported')
    expect(field('Mission').innerHTML).toContain('<p>Safe <a>link</a></p>')
    expect(field('Website').querySelector('a')).toBeNull()
  })

  it('Edit (edit right) leads to the edit form', async () => {
    const { router } = renderApp('/master/charity_views?id=n1', mainAdmin)
    await screen.findByText('Tax ID')
    await userEvent.click(button('Edit') as HTMLButtonElement)
    await waitFor(() => expect(path(router)).toBe('/master/charity_edit/n1'))
  })

  it('without the edit right there is no Edit button', async () => {
    renderApp('/master/charity_views?id=n1', subAdmin({ '/master/charity_management': ['status'] }))
    await screen.findByText('Tax ID')
    expect(button('Edit')).toBeNull()
    expect(button('Back')).toBeTruthy()
  })

  it("shows a nonprofit admin's own nonprofit without ?id=", async () => {
    renderApp('/master/charity_views', charityAdmin('n1'))
    await screen.findByText('Tax ID')
    expect(api.callsTo(GET)).toHaveLength(1)
    expect(button('Edit')).toBeTruthy()
    expect(button('Back')).toBeNull()
  })

  it('says when no nonprofit is given', async () => {
    renderApp('/master/charity_views', mainAdmin)
    expect(await screen.findByText('No nonprofit selected')).toBeTruthy()
    expect(api.calls.filter((c) => c.url.startsWith('/admin/charity'))).toHaveLength(0)
  })

  it('shows a load failure, and a payment-method failure in its own card', async () => {
    api.on(METHODS, [503, { message: 'Payments are unavailable', code: 'UNAVAILABLE' }])
    const view = renderApp('/master/charity_views?id=n1', mainAdmin)
    expect((await screen.findAllByText('Payments are unavailable')).length).toBeGreaterThan(0)
    expect(field('Tax ID').textContent).toBe('12-3456789')
    view.unmount()
    api.on(GET, [404, { message: 'Nonprofit not found', code: 'NOT_FOUND' }])
    renderApp('/master/charity_views?id=n1', mainAdmin)
    expect((await screen.findAllByText('Nonprofit not found')).length).toBeGreaterThan(0)
  })

  it("the main admin sends an approved nonprofit's admin its invitation again", async () => {
    api.on('POST /admin/charity/inviteAdmin/n1', [
      200,
      { message: 'Invitation sent to nia@water.example.org', data: {} },
    ])
    renderApp('/master/charity_views?id=n1', mainAdmin)
    await screen.findByText('Tax ID')
    await userEvent.click(button('Invite Admin')!)
    expect(await screen.findByText('Invitation sent to nia@water.example.org')).toBeTruthy()
    expect(api.callsTo('POST /admin/charity/inviteAdmin/n1')).toHaveLength(1)
  })

  it('offers no invitation to a sub-admin', async () => {
    renderApp(
      '/master/charity_views?id=n1',
      subAdmin({ '/master/charity_management': ['edit', 'add', 'delete', 'status'] }),
    )
    await screen.findByText('Tax ID')
    expect(button('Invite Admin')).toBeNull()
  })

  it('offers no invitation for a pending nonprofit', async () => {
    api.on(GET, [200, { message: 'ok', data: { ...charityRecord, adminVerification: 'Pending' } }])
    renderApp('/master/charity_views?id=n1', mainAdmin)
    await screen.findByText('Tax ID')
    expect(button('Invite Admin')).toBeNull()
  })

  it("is a nonprofit admin's home at /my_nonprofit", async () => {
    renderApp('/my_nonprofit', charityAdmin('n1'))
    await screen.findByText('Tax ID')
    expect(document.querySelector('.ant-breadcrumb')?.textContent).toBe('My Nonprofit')
    expect(button('Edit')).toBeTruthy()
    expect(button('Invite Admin')).toBeNull()
  })
})
