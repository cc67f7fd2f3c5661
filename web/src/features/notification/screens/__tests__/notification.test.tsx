import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const SEND = 'POST /admin/notification/sendNotificationAllUser'
const HISTORY = 'POST /admin/notification/notificationHistory'
const NAMES = 'GET /admin/notification/charityAndCauseNamesList'
const at = new Date(2026, 10, 3, 8, 5).getTime()

const sent = {
  _id: 'n1',
  title: 'Giving Tuesday',
  message: 'Double your gift today',
  audience: 'all',
  charities: [],
  causes: [],
  sender: { _id: 'a1', name: 'Main Admin' },
  reach: 1234,
  createdAt: at,
}
const targeted = {
  ...sent,
  _id: 'n2',
  title: 'Clean water update',
  audience: 'selected',
  charities: [{ _id: 'c1', name: 'Water First' }],
  causes: [{ _id: 'k1', name: 'Clean Water' }],
  reach: 3,
}

let api: MockApi
let history: unknown[]

beforeEach(() => {
  history = [targeted]
  api = mockApi()
  api
    .on(HISTORY, () => [200, { message: 'ok', data: history, total_records: history.length }])
    .on('GET /auth/metaData', META_DATA)
    .on(NAMES, [
      200,
      {
        message: 'Success',
        data: [
          { _id: 'c1', name: 'Water First', type: 'charity' },
          { _id: 'k1', name: 'Clean Water', type: 'cause' },
        ],
        total_records: 2,
      },
    ])
    .on(SEND, (call) => {
      const body = call.body as { preview: boolean }
      if (body.preview) return [200, { message: 'Success', data: { reach: 1234 } }]
      history = [sent, targeted]
      return [200, { message: 'Notification sent successfully', data: sent }]
    })
})

afterEach(() => api.restore())

const LOAD = { timeout: 15000 }

describe('Notification Management', () => {
  it('shows the history: title, message, audience, sender, reach and time', async () => {
    renderApp('/send_notification', mainAdmin)
    expect(await screen.findByText('Clean water update', undefined, LOAD)).toBeTruthy()
    expect(api.callsTo(HISTORY)[0].body).toEqual({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
    expect(screen.getByText('Water First, Clean Water')).toBeTruthy()
    expect(screen.getByRole('cell', { name: 'Main Admin' })).toBeTruthy()
    expect(screen.getByText('Nov 3 2026,8:05 am')).toBeTruthy()
    expect(screen.getByPlaceholderText('Search by Title')).toBeTruthy()
  })

  it('checks the form with the server messages and calls nothing', async () => {
    renderApp('/send_notification', mainAdmin)
    await screen.findByText('Clean water update', undefined, LOAD)
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Please enter Title')).toBeTruthy()
    expect(screen.getByText('Please enter Message')).toBeTruthy()
    // The inputs stop at the server's limits; a longer value pasted in is refused with its message.
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement
    expect(title.maxLength).toBe(100)
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).maxLength).toBe(1000)
    fireEvent.change(title, { target: { value: 'x'.repeat(101) } })
    expect(await screen.findByText('Title must be at most 100 characters')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: '   ' } })
    expect(await screen.findByText('Please enter Message')).toBeTruthy()
    await userEvent.click(screen.getByLabelText('Donors of chosen nonprofits and causes'))
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Please select nonprofits or causes')).toBeTruthy()
    expect(api.callsTo(SEND)).toHaveLength(0)
  })

  it('Send shows the reach from a preview, then sends, toasts, resets the form and refreshes the history', async () => {
    renderApp('/send_notification', mainAdmin)
    await screen.findByText('Clean water update', undefined, LOAD)
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '  Giving Tuesday ')
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Double your gift today')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('This notification will reach 1,234 users. Send it?')).toBeTruthy()
    expect(api.callsTo(SEND)[0].body).toEqual({
      title: 'Giving Tuesday',
      message: 'Double your gift today',
      audience: 'all',
      charityIds: [],
      causeIds: [],
      preview: true,
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Notification sent successfully')).toBeTruthy()
    expect(api.callsTo(SEND)[1].body).toMatchObject({ preview: false, audience: 'all' })
    expect(await screen.findByText('Giving Tuesday')).toBeTruthy()
    expect(screen.getByText('1,234')).toBeTruthy()
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(''))
  })

  it('No on the confirmation sends nothing', async () => {
    renderApp('/send_notification', mainAdmin)
    await screen.findByText('Clean water update', undefined, LOAD)
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Hello')
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'World')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }))
    // Nothing is sent; a second Send asks again (a second preview). (jsdom never ends the
    // dialog's closing animation, so the page stays hidden from the accessibility tree.)
    await userEvent.click(screen.getByText('Send').closest('button') as HTMLElement)
    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(2))
    expect(api.callsTo(SEND).map((c) => (c.body as { preview: boolean }).preview)).toEqual([true, true])
  })

  it('a chosen audience sends the nonprofit and cause ids; a server field error shows on the select', async () => {
    api.on(SEND, [
      400,
      {
        message: 'Please select valid nonprofits',
        errors: [{ field: 'charityIds', message: 'Please select valid nonprofits' }],
      },
    ])
    renderApp('/send_notification', mainAdmin)
    await screen.findByText('Clean water update', undefined, LOAD)
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Water')
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'News')
    await userEvent.click(screen.getByLabelText('Donors of chosen nonprofits and causes'))
    await userEvent.click(await screen.findByRole('combobox', { name: 'Nonprofits and causes' }))
    await userEvent.click(await screen.findByText('Water First (Nonprofit)'))
    await userEvent.click(await screen.findByText('Clean Water (Cause)'))
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1))
    expect(api.callsTo(SEND)[0].body).toEqual({
      title: 'Water',
      message: 'News',
      audience: 'selected',
      charityIds: ['c1'],
      causeIds: ['k1'],
      preview: true,
    })
    expect(api.callsTo(NAMES)[0].params).toEqual({ search: '', limit: 20 })
    expect((await screen.findAllByText('Please select valid nonprofits')).length).toBeGreaterThan(0)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a sub-admin with view only sees the history without the form', async () => {
    renderApp('/send_notification', subAdmin({ '/send_notification': ['view'] }))
    expect(await screen.findByText('Clean water update', undefined, LOAD)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
  })
})
