import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const LIST = 'POST /admin/badge/badgeList'
const UPDATE = 'PATCH /admin/badge/badgeUpdate/b1'
const badge = (over: Record<string, unknown> = {}) => ({
  _id: 'b1',
  name: 'Big Heart',
  image: 'heart.png',
  description: 'Gave a lot',
  isActive: true,
  rule: 'totalGiven',
  threshold: 100000,
  awardedCount: 1234,
  createdAt: 1,
  updatedAt: 1,
  ...over,
})
const rows = [
  badge(),
  badge({ _id: 'b2', name: 'Regular', rule: 'donations', threshold: 10, awardedCount: 3, isActive: false }),
  badge({ _id: 'b3', name: 'Loyal', rule: 'monthsSubscribed', threshold: 12, awardedCount: 0 }),
]

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on(LIST, [200, { message: 'ok', data: rows, total_records: 3 }])
  api.on('GET /admin/badge/findBadge/b1', [200, { message: 'ok', data: badge() }])
})

afterEach(() => api.restore())

const dialogWith = async (text: string) => (await screen.findByText(text)).closest('[role="dialog"]') as HTMLElement
const press = (root: HTMLElement, label: string) =>
  fireEvent.click(within(root).getByText(label, { selector: 'button span' }).closest('button') as HTMLElement)

describe('Badge Management', () => {
  it('lists badges with their rule in words, awarded count and state', async () => {
    renderApp('/badge', mainAdmin)
    expect(await screen.findByText('Big Heart')).toBeTruthy()
    expect(screen.getByText('Total given at least $1,000.00')).toBeTruthy()
    expect(screen.getByText('10 donations')).toBeTruthy()
    expect(screen.getByText('12 months subscribed')).toBeTruthy()
    expect(screen.getByText('1,234')).toBeTruthy()
    expect(screen.getByText('Inactive')).toBeTruthy()
    expect(screen.getByLabelText('Edit Big Heart').getAttribute('href')).toBe('/badge/badge_edit/b1')
    expect(screen.queryByText('Add Badge')).toBeNull()
  })

  it('deletes after confirmation', async () => {
    api.on('DELETE /admin/badge/delete/b2', [200, { message: 'Badge deleted successfully', data: null }])
    renderApp('/badge', mainAdmin)
    fireEvent.click(await screen.findByLabelText('Delete Regular'))
    press(await dialogWith('Are you sure you want to Delete ?'), 'Yes')
    await waitFor(() => expect(api.callsTo('DELETE /admin/badge/delete/b2')).toHaveLength(1))
    expect(await screen.findByText('Badge deleted successfully')).toBeTruthy()
  })

  it('shows Edit and Delete by the sub-admin’s rights', async () => {
    renderApp('/badge', subAdmin({ '/badge': ['delete'] }))
    expect(await screen.findByText('Big Heart')).toBeTruthy()
    expect(screen.queryByLabelText('Edit Big Heart')).toBeNull()
    expect(screen.getByLabelText('Delete Big Heart')).toBeTruthy()
  })
})

describe('Edit Badge', () => {
  it('starts from the badge, with the money threshold in dollars, and saves it in cents', async () => {
    api.on(UPDATE, [200, { message: 'Badge updated successfully', data: badge() }])
    const { router } = renderApp('/badge/badge_edit/b1', mainAdmin)
    const threshold = (await screen.findByLabelText('Threshold (USD)')) as HTMLInputElement
    await waitFor(() => expect(threshold.value).toBe('1000.00'))
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Big Heart')
    await userEvent.clear(threshold)
    await userEvent.type(threshold, '1,250.5')
    fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement)
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1))
    expect(api.callsTo(UPDATE)[0].body).toEqual({
      name: 'Big Heart',
      description: 'Gave a lot',
      image: 'heart.png',
      isActive: true,
      rule: 'totalGiven',
      threshold: 125050,
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/badge'))
  })

  it('refuses a fractional count for a count rule, and sends whole numbers as they are', async () => {
    api.on('GET /admin/badge/findBadge/b1', [200, { message: 'ok', data: badge({ rule: 'donations', threshold: 10 }) }])
    api.on(UPDATE, [200, { message: 'Badge updated successfully', data: badge() }])
    renderApp('/badge/badge_edit/b1', mainAdmin)
    const threshold = (await screen.findByLabelText('Threshold')) as HTMLInputElement
    await waitFor(() => expect(threshold.value).toBe('10'))
    await userEvent.clear(threshold)
    await userEvent.type(threshold, '2.5')
    fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement)
    expect(await screen.findByText('Threshold must be a whole number greater than 0')).toBeTruthy()
    expect(api.callsTo(UPDATE)).toHaveLength(0)
    await userEvent.clear(threshold)
    await userEvent.type(threshold, '25')
    fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement)
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1))
    expect(api.callsTo(UPDATE)[0].body).toMatchObject({ rule: 'donations', threshold: 25 })
  })

  it('shows the server’s field messages on the fields and stays', async () => {
    api.on(UPDATE, [
      400,
      {
        message: 'Please enter Name',
        errors: [
          { field: 'name', message: 'Please enter Name' },
          { field: 'rule', message: 'Please choose a rule' },
        ],
      },
    ])
    const { router } = renderApp('/badge/badge_edit/b1', mainAdmin)
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement
    await waitFor(() => expect(name.value).toBe('Big Heart'))
    fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement)
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1))
    expect(await screen.findByText('Please choose a rule')).toBeTruthy()
    expect(screen.getAllByText('Please enter Name').length).toBeGreaterThan(0)
    expect(router.state.location.pathname).toBe('/badge/badge_edit/b1')
  })
})
