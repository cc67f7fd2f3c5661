import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import type { SessionUser } from '../../../../lib/session'
import { deferred } from '../../../../testing/deferred'
import type { Reply } from '../../../../testing/mock-api'
import type { MonthChartProps } from '../../components/MonthChart'

// The chart draws SVG from its data; what matters here is the data that reaches it.
vi.mock('../../components/MonthChart', () => ({
  default: ({ data, series }: MonthChartProps) => (
    <figure aria-label={`Chart of ${series.map((s) => s.label).join(' and ')}`}>
      {data.map((point) => (
        <span key={point.month}>{`${point.month}: ${series.map((s) => `${s.label} ${point[s.key]}`).join(', ')}`}</span>
      ))}
    </figure>
  ),
}))

const DATA = 'GET /admin/dashboard/dashboard-data'
const DONORS = 'GET /admin/dashboard/yearGraphDashboardUser'
const CHARITIES = 'GET /admin/dashboard/yearGraphDashboardCharity'
const year = new Date().getUTCFullYear()

const giving = {
  donors: 1200,
  activeDonors: 1100,
  donations: 5400,
  amountCents: 123450,
  activeSubscriptions: 77,
  approvedPartners: 9,
  pendingPartners: 4,
}
const catalogue = { nonprofits: 310, approved: 300, pendingRequests: 10, causes: 25, categories: 8 }

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api.on('POST /admin/sub-admin/subAdminList', [200, { message: 'ok', data: [], total_records: 0 }])
  api.on(DATA, [200, { message: 'ok', data: { giving, catalogue, unavailable: [] } }])
  api.on(DONORS, (call) => [
    200,
    {
      message: 'ok',
      data: {
        year: call.params?.year,
        months: [
          { month: 1, donors: call.params?.year === year ? 12 : 3, donations: 40, amountCents: 100 },
          { month: 3, donors: 7, donations: 9, amountCents: 100 },
        ],
      },
    },
  ])
  api.on(CHARITIES, [200, { message: 'ok', data: { year, months: [{ month: 2, nonprofits: 5, requests: 6 }] } }])
})

afterEach(() => api.restore())

const cardTitled = async (title: string) => (await screen.findByText(title)).closest('.gc-card') as HTMLElement

describe('Dashboard', () => {
  it('keeps the signed-in card and shows the summary figures', async () => {
    renderApp('/dashboard', mainAdmin)
    expect(await screen.findByText('Welcome, Main Admin')).toBeTruthy()
    const givingCard = await cardTitled('Giving')
    expect(await within(givingCard).findByText('$1,234.50')).toBeTruthy()
    expect(within(givingCard).getByText('1,200')).toBeTruthy()
    expect(within(givingCard).getByText('Active Subscriptions')).toBeTruthy()
    const partners = await cardTitled('Giving Partners')
    expect(within(partners).getByText('Pending Partners')).toBeTruthy()
    const nonprofits = await cardTitled('Nonprofits')
    expect(within(nonprofits).getByText('310')).toBeTruthy()
    expect(within(nonprofits).getByText('Pending Requests')).toBeTruthy()
    expect(screen.getByText('Total Sub Admins')).toBeTruthy()
  })

  it('marks the cards of a service that is down as unavailable, and shows the others', async () => {
    api.on(DATA, [200, { message: 'ok', data: { giving: null, catalogue, unavailable: ['giving'] } }])
    renderApp('/dashboard', mainAdmin)
    expect(await screen.findByText('The giving figures are unavailable right now.')).toBeTruthy()
    expect(screen.getByText('The giving partner figures are unavailable right now.')).toBeTruthy()
    expect(screen.queryByText('The nonprofit figures are unavailable right now.')).toBeNull()
    expect(within(await cardTitled('Nonprofits')).getByText('310')).toBeTruthy()
  })

  it('passes the year’s months to the charts, twelve of them, for the current year first', async () => {
    renderApp('/dashboard', mainAdmin)
    const donors = await screen.findByLabelText('Chart of New Donors and Donations')
    expect(within(donors).getByText('Jan: New Donors 12, Donations 40')).toBeTruthy()
    expect(within(donors).getByText('Feb: New Donors 0, Donations 0')).toBeTruthy()
    expect(within(donors).getByText('Mar: New Donors 7, Donations 9')).toBeTruthy()
    expect(donors.querySelectorAll('span')).toHaveLength(12)
    const charities = await screen.findByLabelText('Chart of New Nonprofits and Requests')
    expect(within(charities).getByText('Feb: New Nonprofits 5, Requests 6')).toBeTruthy()
    expect(api.callsTo(DONORS)[0].params).toEqual({ year })
  })

  it('asks again for the year chosen', async () => {
    renderApp('/dashboard', mainAdmin)
    await screen.findByLabelText('Chart of New Donors and Donations')
    const select = screen.getByLabelText('Year of Donors by Month')
    fireEvent.mouseDown(select)
    fireEvent.click(await screen.findByTitle(String(year - 2)))
    await waitFor(() => expect(api.callsTo(DONORS).at(-1)?.params).toEqual({ year: year - 2 }))
    const donors = await screen.findByLabelText('Chart of New Donors and Donations')
    expect(await within(donors).findByText('Jan: New Donors 3, Donations 40')).toBeTruthy()
  })

  it('shows a graph whose service is down as unavailable, without a toast', async () => {
    api.on(DONORS, [503, { message: 'The giving service is unavailable', errors: [] }])
    renderApp('/dashboard', mainAdmin)
    expect(await screen.findByText('Unavailable: The giving service is unavailable')).toBeTruthy()
    expect(await screen.findByLabelText('Chart of New Nonprofits and Requests')).toBeTruthy()
    expect(screen.getAllByText(/The giving service is unavailable/)).toHaveLength(1)
  })

  it('shows skeletons until the figures and the graphs arrive', async () => {
    const figures = deferred<Reply>()
    const graph = deferred<Reply>()
    api.on(DATA, () => figures.promise)
    api.on(DONORS, () => graph.promise)
    renderApp('/dashboard', mainAdmin)
    const givingCard = await cardTitled('Giving')
    expect(givingCard.querySelector('.ant-skeleton')).toBeTruthy()
    expect(await screen.findByLabelText('Loading Donors by Month')).toBeTruthy()
    figures.resolve([200, { message: 'ok', data: { giving, catalogue, unavailable: [] } }])
    expect(await within(givingCard).findByText('$1,234.50')).toBeTruthy()
    expect(givingCard.querySelector('.ant-skeleton')).toBeNull()
    expect(screen.queryByLabelText('Chart of New Donors and Donations')).toBeNull()
    graph.resolve([
      200,
      { message: 'ok', data: { year, months: [{ month: 1, donors: 2, donations: 2, amountCents: 1 }] } },
    ])
    expect(await screen.findByLabelText('Chart of New Donors and Donations')).toBeTruthy()
    expect(screen.queryByLabelText('Loading Donors by Month')).toBeNull()
  })

  describe('of a nonprofit admin', () => {
    const nonprofitAdmin: SessionUser = {
      ...subAdmin({ '/dashboard': ['view'], '/master/charity_management': ['edit'] }),
      adminType: 'Charity Admin',
      charityId: 'n1',
      firstName: 'Nia',
      lastName: 'Owner',
    }
    const own = {
      nonprofit: { _id: 'n1', charityName: 'Clearwater Wells', adminVerification: 'Approve' },
      giving: { donors: 2, donations: 3, amountCents: 4000, activeSubscriptions: 1 },
      engagement: { events: 4, upcomingEvents: 1, communities: 2, communityMembers: 57 },
      unavailable: [],
    }

    beforeEach(() => api.on(DATA, [200, { message: 'ok', data: own }]))

    it('shows its own nonprofit’s figures under its name, and none of the platform’s cards', async () => {
      renderApp('/dashboard', nonprofitAdmin)
      const donations = await cardTitled('Donations to Clearwater Wells')
      expect(await within(donations).findByText('$40.00')).toBeTruthy()
      expect(within(donations).getByText('Amount Received')).toBeTruthy()
      expect(within(donations).getByText('Active Subscriptions')).toBeTruthy()
      const engagement = await cardTitled('Events and Communities')
      expect(within(engagement).getByText('57')).toBeTruthy()
      expect(within(engagement).getByText('Upcoming Events')).toBeTruthy()
      expect(screen.getByText('Clearwater Wells', { selector: 'strong' })).toBeTruthy()
      expect(screen.getByText('Nonprofit Admin')).toBeTruthy()
      for (const platform of [
        'Giving Partners',
        'Nonprofits',
        'Total Sub Admins',
        'Nonprofits by Month',
        'Active Donors',
      ]) {
        expect(screen.queryByText(platform)).toBeNull()
      }
      expect(api.callsTo(CHARITIES)).toHaveLength(0)
      expect(api.callsTo('POST /admin/sub-admin/subAdminList')).toHaveLength(0)
    })

    it('draws its donors, donations and the amount it received by month', async () => {
      renderApp('/dashboard', nonprofitAdmin)
      const donors = await screen.findByLabelText('Chart of New Donors and Donations')
      expect(within(donors).getByText('Jan: New Donors 12, Donations 40')).toBeTruthy()
      const amount = await screen.findByLabelText('Chart of Amount Received ($)')
      expect(within(amount).getByText('Jan: Amount Received ($) 1')).toBeTruthy()
      expect(screen.getByText('Donors and Donations by Month')).toBeTruthy()
      expect(screen.getByText('Amount Received by Month')).toBeTruthy()
    })

    it('marks the cards of a service that is down, and names its nonprofit plainly without the catalogue', async () => {
      api.on(DATA, [
        200,
        {
          message: 'ok',
          data: { ...own, nonprofit: null, engagement: null, unavailable: ['catalogue', 'engagement'] },
        },
      ])
      renderApp('/dashboard', nonprofitAdmin)
      const donations = await cardTitled('Donations to your nonprofit')
      expect(await within(donations).findByText('$40.00')).toBeTruthy()
      expect(screen.getByText('The event and community figures are unavailable right now.')).toBeTruthy()
    })
  })
})
