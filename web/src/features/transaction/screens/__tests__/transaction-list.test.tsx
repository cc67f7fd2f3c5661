import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { deferred } from '../../../../testing/deferred'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { gift } from '../../../donor/screens/__tests__/donor-fixture'

const LIST = 'POST /admin/transaction/transactionList'
const EXCEL = 'POST /admin/transaction/TransactionList-excel'
const refunded = {
  ...gift,
  _id: 't2',
  receiptNumber: 'R-0002',
  donorName: 'Deleted donor',
  donorId: '',
  amountCents: 123450,
  status: 'refunded',
  type: 'one_time',
  recipientType: 'cause',
  recipientName: 'Literacy',
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, [200, { message: 'ok', data: [gift, refunded], total_records: 2 }])
})

afterEach(() => {
  api.restore()
  vi.restoreAllMocks()
})

const listBodies = () => api.callsTo(LIST).map((c) => c.body as Record<string, unknown>)
const columnTitle = (text: string) => screen.getByText(text, { selector: '.ant-table-column-title' })

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label))
  const found = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(found[found.length - 1])
}

describe('Transaction list', () => {
  it('shows amounts in dollars, dates, labels and a link to each view, newest first', async () => {
    renderApp('/transaction', mainAdmin)
    expect(await screen.findByText('R-0001')).toBeTruthy()
    expect(screen.getByText('$100.00')).toBeTruthy()
    expect(screen.getByText('$1,234.50')).toBeTruthy()
    expect(screen.getAllByText('Mar 5 2024,3:07 pm')).toHaveLength(2)
    expect(screen.getByText('Deleted donor')).toBeTruthy()
    expect(screen.getByText('Recurring')).toBeTruthy()
    expect(screen.getByText('Refunded')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View transaction R-0001' }).getAttribute('href')).toBe(
      '/transaction/transaction_view/t1',
    )
    expect(listBodies()[0]).toEqual({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
  })

  it('sorts by amount and searches by donor or recipient', async () => {
    renderApp('/transaction', mainAdmin)
    await screen.findByText('R-0001')
    fireEvent.click(columnTitle('Amount'))
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ column: 'amountCents', order: 'asc' }))
    await userEvent.type(screen.getByPlaceholderText('Search by Donor or Recipient'), 'water')
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ search: 'water', page: 1 }), { timeout: 3000 })
  })

  it('sends the chosen filters, keeps them in the URL and starts again from page 1', async () => {
    const { router } = renderApp('/transaction?page=2', mainAdmin)
    await screen.findByText('R-0001')
    await pick('Filter by Status', 'Succeeded')
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ status: 'succeeded', page: 1 }))
    await pick('Filter by Type', 'Recurring')
    await pick('Filter by Recipient Type', 'Nonprofit')
    await waitFor(() =>
      expect(listBodies().at(-1)).toMatchObject({
        status: 'succeeded',
        type: 'recurring',
        recipientType: 'charity',
        page: 1,
      }),
    )
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('status')).toBe('succeeded')
    expect(search.get('type')).toBe('recurring')
    expect(search.get('recipientType')).toBe('charity')
    expect(search.get('page')).toBeNull()
  })

  it('reads a date range from the URL as inclusive day bounds', async () => {
    renderApp('/transaction?from=2024-03-01&to=2024-03-31&status=bogus', mainAdmin)
    await screen.findByText('R-0001')
    const body = listBodies()[0]
    expect(body.from).toBe(dayjs('2024-03-01').startOf('day').valueOf())
    expect(body.to).toBe(dayjs('2024-03-31').endOf('day').valueOf())
    expect(body).not.toHaveProperty('status')
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('Mar 1 2024')
  })

  it('sends a date range chosen in the picker as inclusive day bounds, kept in the URL', async () => {
    const { router } = renderApp('/transaction', mainAdmin)
    await screen.findByText('R-0001')
    const start = screen.getByPlaceholderText('Start date')
    fireEvent.mouseDown(start)
    fireEvent.click(start)
    fireEvent.change(start, { target: { value: 'Mar 1 2024' } })
    fireEvent.keyDown(start, { key: 'Enter', code: 'Enter' })
    const end = screen.getByPlaceholderText('End date')
    fireEvent.change(end, { target: { value: 'Mar 31 2024' } })
    fireEvent.keyDown(end, { key: 'Enter', code: 'Enter' })
    await waitFor(() =>
      expect(listBodies().at(-1)).toMatchObject({
        from: dayjs('2024-03-01').startOf('day').valueOf(),
        to: dayjs('2024-03-31').endOf('day').valueOf(),
        page: 1,
      }),
    )
    const search = new URLSearchParams(router.state.location.search)
    expect([search.get('from'), search.get('to')]).toEqual(['2024-03-01', '2024-03-31'])
  })

  it('exports the current search, sort and filters with progress, as transactions.xlsx', async () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])
    const answer = deferred<[number, unknown]>()
    api.on(EXCEL, () => answer.promise)
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob)
      return 'blob:transactions'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    renderApp('/transaction?status=refunded&from=2024-03-01&q=lee&sort=amountCents&order=asc', mainAdmin)
    await screen.findByText('R-0001')
    await userEvent.click(screen.getByRole('button', { name: /Export Excel/ }))
    expect((await screen.findByRole('status')).textContent).toBe('Preparing file...')
    answer.resolve([200, xlsx])
    await waitFor(() => expect(saved).toEqual(['transactions.xlsx']))
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(api.callsTo(EXCEL)[0].body).toEqual({
      search: 'lee',
      column: 'amountCents',
      order: 'asc',
      status: 'refunded',
      from: dayjs('2024-03-01').startOf('day').valueOf(),
    })
    expect(created[0].size).toBe(xlsx.length)
  })

  it('opens for a sub-admin with view', async () => {
    renderApp('/transaction', subAdmin({ '/transaction': ['view'] }))
    expect(await screen.findByText('R-0001')).toBeTruthy()
  })
})
