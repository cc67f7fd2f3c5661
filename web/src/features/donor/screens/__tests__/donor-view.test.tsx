import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { resetMetaData } from '../../../../lib/meta-data'
import { annDetail } from './donor-fixture'

let api: MockApi

beforeEach(() => {
  resetMetaData()
  api = mockApi()
  api
    .on('GET /auth/metaData', META_DATA)
    .on('GET /admin/user/viewUserDetails/d1', [200, { message: 'ok', data: annDetail }])
})

afterEach(() => api.restore())

describe('Donor view', () => {
  it('shows the profile, totals, badges, recent transactions and subscriptions', async () => {
    renderApp('/donor/donor_view/d1', mainAdmin)
    expect(await screen.findByText('ann@example.org')).toBeTruthy()
    expect(screen.getByText('(555) 123-4567')).toBeTruthy()
    expect(screen.getByText('Albany')).toBeTruthy()
    expect(screen.getByText('$1,234.50')).toBeTruthy()
    expect(screen.getByText('7')).toBeTruthy()
    const badge = screen.getByRole('img', { name: 'First Gift image' })
    expect(badge.getAttribute('src')).toBe('https://cdn.example.org/media/badge/first.png')
    expect(screen.getByText('First Gift')).toBeTruthy()

    const recent = screen.getByRole('table', { name: 'Recent transactions' })
    const link = within(recent).getByRole('link', { name: 'View transaction R-0001' })
    expect(link.getAttribute('href')).toBe('/transaction/transaction_view/t1')
    expect(within(recent).getByText('$100.00')).toBeTruthy()
    expect(within(recent).getByText('Clean Water (Nonprofit)')).toBeTruthy()
    expect(within(recent).getByText('Succeeded')).toBeTruthy()

    const subs = screen.getByRole('table', { name: 'Subscriptions' })
    expect(within(subs).getByText('$25.00')).toBeTruthy()
    expect(within(subs).getByText('Monthly')).toBeTruthy()
    // nextChargeAt 0 is "no next charge", not Jan 1 1970.
    expect(within(subs).queryByText(/1970/)).toBeNull()
    expect(screen.getByRole('button', { name: /Edit/ })).toBeTruthy()
  })

  it('hides Edit from a sub-admin who may only view', async () => {
    renderApp('/donor/donor_view/d1', subAdmin({ '/donor': ['view'] }))
    expect(await screen.findByText('ann@example.org')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull()
  })

  it('says the donor is not found when the answer has no donor', async () => {
    api.on('GET /admin/user/viewUserDetails/d1', [200, { message: 'ok', data: { ...annDetail, donor: null } }])
    renderApp('/donor/donor_view/d1', mainAdmin)
    expect(await screen.findByText('Donor not found')).toBeTruthy()
  })
})
