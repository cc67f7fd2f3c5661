import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const ONE_TIME = 'POST /admin/subscribed-donor/oneTime'
const SUBSCRIBED = 'POST /admin/subscribed-donor/subscribeDonor'

const row = {
  _id: 'r1',
  donorId: 'd1',
  firstName: 'Ann',
  lastName: 'Lee',
  name: 'Clean Water',
  email: 'ann@example.org',
  phoneNumber: '5551234567',
  subscribedDonorCount: 3,
  totalAmountCents: 123450,
  totalAmount: '1234.50',
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(ONE_TIME, [200, { message: 'ok', data: [row], total_records: 1 }]).on(SUBSCRIBED, [
    200,
    {
      message: 'ok',
      data: [{ ...row, _id: 'r2', firstName: 'Bob', lastName: 'Ray', totalAmountCents: 2500, totalAmount: '25.00' }],
      total_records: 1,
    },
  ])
})

afterEach(() => api.restore())

const columnTitle = (text: string) => screen.getByText(text, { selector: '.ant-table-column-title' })
const bodies = (route: string) => api.callsTo(route).map((c) => c.body)

describe('Subscribed Donor', () => {
  it('starts on the one-time tab with the columns, amounts in dollars and no subscription count', async () => {
    renderApp('/subscribed_donor', mainAdmin)
    expect(await screen.findByText('Ann Lee')).toBeTruthy()
    expect(screen.getByText('Clean Water')).toBeTruthy()
    expect(screen.getByText('ann@example.org')).toBeTruthy()
    expect(screen.getByText('(555) 123-4567')).toBeTruthy()
    expect(screen.getByText('$1,234.50')).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'One Time User List' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.queryByText('Subscription Count')).toBeNull()
    expect(bodies(ONE_TIME)[0]).toEqual({ page: 1, limit: 10, search: '', column: 'firstName', order: 'asc' })
    expect(api.callsTo(SUBSCRIBED)).toHaveLength(0)
  })

  it('switches to the subscribed tab (kept in the URL) with the subscription count', async () => {
    const { router } = renderApp('/subscribed_donor', mainAdmin)
    await screen.findByText('Ann Lee')
    await userEvent.click(screen.getByRole('tab', { name: 'Subscribe Donor List' }))
    expect(await screen.findByText('Bob Ray')).toBeTruthy()
    expect(screen.getByText('$25.00')).toBeTruthy()
    expect(screen.getByText('3')).toBeTruthy()
    expect(columnTitle('Subscription Count')).toBeTruthy()
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('subscribed')
    fireEvent.click(columnTitle('Subscription Count'))
    await waitFor(() =>
      expect(bodies(SUBSCRIBED).at(-1)).toMatchObject({ column: 'subscribedDonorCount', order: 'asc' }),
    )
  })

  it('searches by donor name and sorts by email', async () => {
    renderApp('/subscribed_donor?tab=subscribed', mainAdmin)
    await screen.findByText('Bob Ray')
    await userEvent.type(screen.getByPlaceholderText('Search By Donor Name'), 'bob')
    await waitFor(() => expect(bodies(SUBSCRIBED).at(-1)).toMatchObject({ search: 'bob', page: 1 }), { timeout: 3000 })
    fireEvent.click(columnTitle('Donor Email'))
    await waitFor(() =>
      expect(bodies(SUBSCRIBED).at(-1)).toMatchObject({ column: 'email', order: 'asc', search: 'bob' }),
    )
  })

  it('opens for a sub-admin with view', async () => {
    renderApp('/subscribed_donor', subAdmin({ '/subscribed_donor': ['view'] }))
    expect(await screen.findByText('Ann Lee')).toBeTruthy()
  })
})
