import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA } from '../../../../testing/media'
import { mainAdmin } from '../../../../testing/users'

const GET = 'GET /admin/homepage/getHomepageDetails'
const SAVE = 'POST /admin/homepage/updateHomepage'
const home = {
  _id: 'h1',
  heroTitle: 'Give together',
  heroSubtitle: 'Every gift counts',
  bannerImages: ['b1.png'],
  video: '',
  featuredCharityIds: ['c1'],
  featuredCauseIds: [],
  featuredCharities: [{ _id: 'c1', name: 'Clean Water' }],
  featuredCauses: [],
  ctaText: 'Donate',
  ctaLink: 'https://example.org/give',
  howItWorks: [{ title: 'Choose', description: 'Pick a nonprofit' }],
  impactFigures: [{ label: 'Donors', value: '12,000' }],
  revision: 4,
  updatedAt: 1_700_000_000_000,
  updatedBy: 'Main Admin',
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(GET, [200, { message: 'ok', data: home }])
    .on('GET /admin/homepage/revisions', [200, { message: 'ok', data: [], total_records: 0 }])
    .on('GET /auth/metaData', META_DATA)
})

afterEach(() => api.restore())

const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('Homepage', () => {
  it('shows the saved homepage', async () => {
    renderApp('/content_management/homepage', mainAdmin)
    await waitFor(() => expect(input('Hero Title').value).toBe('Give together'))
    expect(input('Call to Action Link').value).toBe('https://example.org/give')
    expect(screen.getByText('Clean Water')).toBeTruthy()
    expect(input('Title 1').value).toBe('Choose')
    expect(input('Value 1').value).toBe('12,000')
    expect(document.querySelector('img[alt="b1.png"]')).toBeTruthy()
  })

  it('refuses a missing hero title, a non-http link and a link without its text, and sends nothing', async () => {
    renderApp('/content_management/homepage', mainAdmin)
    await waitFor(() => expect(input('Hero Title').value).toBe('Give together'))
    fireEvent.change(input('Hero Title'), { target: { value: '  ' } })
    fireEvent.change(input('Call to Action Text'), { target: { value: '' } })
    fireEvent.change(input('Call to Action Link'), { target: { value: 'javascript:alert(1)' } })
    await userEvent.click(button('Save'))
    expect(await screen.findByText('Please enter Hero Title')).toBeTruthy()
    expect(await screen.findByText('Please enter valid link')).toBeTruthy()
    expect(await screen.findByText('Please enter Call to Action Text')).toBeTruthy()
    expect(api.callsTo(SAVE)).toHaveLength(0)
  })

  it('sends the homepage: ids of the featured nonprofits, trimmed texts, filled steps and figures', async () => {
    api.on(SAVE, [200, { message: 'Homepage updated successfully', data: { ...home, revision: 5 } }])
    renderApp('/content_management/homepage', mainAdmin)
    await waitFor(() => expect(input('Hero Title').value).toBe('Give together'))
    fireEvent.change(input('Hero Title'), { target: { value: ' Give more ' } })
    await userEvent.click(button('Add Figure'))
    fireEvent.change(input('Label 2'), { target: { value: 'Nonprofits' } })
    fireEvent.change(input('Value 2'), { target: { value: '300' } })
    await userEvent.click(button('Add Step'))
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1))
    expect(api.callsTo(SAVE)[0].body).toEqual({
      heroTitle: 'Give more',
      heroSubtitle: 'Every gift counts',
      bannerImages: ['b1.png'],
      video: '',
      featuredCharityIds: ['c1'],
      featuredCauseIds: [],
      ctaText: 'Donate',
      ctaLink: 'https://example.org/give',
      // The empty step added last is not sent.
      howItWorks: [{ title: 'Choose', description: 'Pick a nonprofit' }],
      impactFigures: [
        { label: 'Donors', value: '12,000' },
        { label: 'Nonprofits', value: '300' },
      ],
    })
    expect(await screen.findByText('Homepage updated successfully')).toBeTruthy()
    expect(await screen.findByText(/\(revision #5\)/)).toBeTruthy()
  })

  it('shows the server’s message on the featured nonprofits', async () => {
    api.on(SAVE, [
      400,
      {
        message: 'Please select valid nonprofits',
        errors: [{ field: 'featuredCharityIds', message: 'Please select valid nonprofits' }],
      },
    ])
    renderApp('/content_management/homepage', mainAdmin)
    await waitFor(() => expect(input('Hero Title').value).toBe('Give together'))
    await userEvent.click(button('Save'))
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        'Please select valid nonprofits',
      ),
    )
  })
})
