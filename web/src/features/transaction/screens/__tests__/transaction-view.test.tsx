import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin } from '../../../../testing/users'
import { gift } from '../../../donor/screens/__tests__/donor-fixture'

let api: MockApi

beforeEach(() => {
  api = mockApi()
})

afterEach(() => api.restore())

describe('Transaction view', () => {
  it('shows every field, the fee and charge breakdown, and links the donor and the nonprofit', async () => {
    api.on('GET /admin/transaction/get/t1', [200, { message: 'ok', data: gift }])
    renderApp('/transaction/transaction_view/t1', mainAdmin)
    expect(await screen.findByText('R-0001')).toBeTruthy()
    expect(screen.getByText('Mar 5 2024,3:07 pm')).toBeTruthy()
    expect(screen.getByText('ann@example.org')).toBeTruthy()
    expect(screen.getByText('pi_123')).toBeTruthy()
    expect(screen.getByText('USD')).toBeTruthy()
    expect(screen.getByText('Card')).toBeTruthy()
    expect(screen.getByText('Recurring')).toBeTruthy()
    expect(screen.getByText('Succeeded')).toBeTruthy()
    expect(screen.getByText('$100.00')).toBeTruthy()
    expect(screen.getByText('2.90 % = $2.90')).toBeTruthy()
    expect(screen.getByText('5.00 % = $5.00')).toBeTruthy()
    expect(screen.getByText('$92.10')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe('/donor/donor_view/d1')
    expect(screen.getByRole('link', { name: 'Clean Water' }).getAttribute('href')).toBe('/master/charity_views?id=c1')
  })

  it('does not link a deleted donor nor a cause', async () => {
    api.on('GET /admin/transaction/get/t2', [
      200,
      {
        message: 'ok',
        data: {
          ...gift,
          _id: 't2',
          donorId: '',
          donorName: 'Deleted donor',
          recipientType: 'cause',
          recipientName: 'Literacy',
        },
      },
    ])
    renderApp('/transaction/transaction_view/t2', mainAdmin)
    expect(await screen.findByText('Deleted donor')).toBeTruthy()
    expect(screen.getByText('Literacy')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Deleted donor' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Literacy' })).toBeNull()
  })

  it('says when the transaction is not found', async () => {
    api.on('GET /admin/transaction/get/zz', [404, { message: 'Transaction not found' }])
    renderApp('/transaction/transaction_view/zz', mainAdmin)
    expect((await screen.findAllByText('Transaction not found')).length).toBeGreaterThan(0)
  })
})
