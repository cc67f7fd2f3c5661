import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'
import { SETTINGS_ID } from '../../constants'

const GET = `GET /admin/setting-master/${SETTINGS_ID}`
const SAVE = `POST /admin/setting-master/${SETTINGS_ID}`
const changedAt = new Date(2026, 9, 1, 14, 5).getTime()
const settings = {
  _id: SETTINGS_ID,
  serviceCharge: 5,
  paymentProcesFee: 2.9,
  updatedAt: changedAt,
  updatedBy: '01a2',
  updatedByName: 'Main Admin',
  history: [
    {
      at: changedAt,
      by: '01a2',
      byName: 'Main Admin',
      oldServiceCharge: 4,
      newServiceCharge: 5,
      oldPaymentProcesFee: 2.9,
      newPaymentProcesFee: 2.9,
    },
  ],
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(GET, [200, { message: 'ok', data: settings }])
})

afterEach(() => api.restore())

const save = () => fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement)

describe('Service Charges', () => {
  it('shows both fields marked required, the values and the history of changes', async () => {
    renderApp('/manage_service_charges', mainAdmin)
    const fee = (await screen.findByLabelText('Payment Processing Fee (%)')) as HTMLInputElement
    await waitFor(() => expect(fee.value).toBe('2.9'))
    expect((screen.getByLabelText('Service Charge (%)') as HTMLInputElement).value).toBe('5')
    expect(document.querySelectorAll('.ant-form-item-required')).toHaveLength(2)
    expect(screen.getByText(formatDate(changedAt))).toBeTruthy()
    expect(screen.getByText('4% → 5%')).toBeTruthy()
    expect(screen.getByText('2.90%')).toBeTruthy()
    expect(screen.getByText('Cancel')).toBeTruthy()
  })

  it('saves the values as typed on the fixed record and shows the new history', async () => {
    const next = {
      ...settings,
      serviceCharge: 4.5,
      history: [
        {
          at: changedAt + 1000,
          by: '01a2',
          byName: 'Main Admin',
          oldServiceCharge: 5,
          newServiceCharge: 4.5,
          oldPaymentProcesFee: 2.9,
          newPaymentProcesFee: 2.9,
        },
        ...settings.history,
      ],
    }
    api.on(SAVE, [200, { message: 'Service charges updated successfully', data: next }])
    renderApp('/manage_service_charges', mainAdmin)
    const charge = (await screen.findByLabelText('Service Charge (%)')) as HTMLInputElement
    await waitFor(() => expect(charge.value).toBe('5'))
    await userEvent.clear(charge)
    await userEvent.type(charge, '4.5')
    save()
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1))
    expect(api.callsTo(SAVE)[0].body).toEqual({ paymentProcesFee: '2.9', serviceCharge: '4.5' })
    expect(await screen.findByText('Service charges updated successfully')).toBeTruthy()
    expect(await screen.findByText('5% → 4.50%')).toBeTruthy()
  })

  it('shows the server’s messages on the fields', async () => {
    api.on(SAVE, [
      400,
      {
        message: 'Service Charge must be between 0 and 100',
        errors: [
          { field: 'serviceCharge', message: 'Service Charge must be between 0 and 100' },
          { field: 'paymentProcesFee', message: 'Payment Processing Fee is required' },
        ],
      },
    ])
    renderApp('/manage_service_charges', mainAdmin)
    const fee = (await screen.findByLabelText('Payment Processing Fee (%)')) as HTMLInputElement
    await waitFor(() => expect(fee.value).toBe('2.9'))
    await userEvent.clear(fee)
    save()
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1))
    expect(api.callsTo(SAVE)[0].body).toEqual({ paymentProcesFee: '', serviceCharge: '5' })
    expect(await screen.findByText('Payment Processing Fee is required')).toBeTruthy()
    const explain = [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)
    expect(explain).toEqual(['Payment Processing Fee is required', 'Service Charge must be between 0 and 100'])
  })

  it('hides Cancel for a sub-admin', async () => {
    renderApp('/manage_service_charges', subAdmin({ '/manage_service_charges': ['edit'] }))
    const fee = (await screen.findByLabelText('Payment Processing Fee (%)')) as HTMLInputElement
    await waitFor(() => expect(fee.value).toBe('2.9'))
    expect(screen.getByText('Save')).toBeTruthy()
    expect(screen.queryByText('Cancel')).toBeNull()
  })

  it('Cancel goes to the home screen', async () => {
    const { router } = renderApp('/manage_service_charges', mainAdmin)
    await screen.findByLabelText('Payment Processing Fee (%)')
    fireEvent.click(screen.getByText('Cancel').closest('button') as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/manage_service_charges'))
  })
})
