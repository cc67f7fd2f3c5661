import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA } from '../../../../testing/media'
import { mainAdmin } from '../../../../testing/users'

const SAVE = 'POST /admin/aboutUs/updateAboutUs'
const about = {
  _id: 'a1',
  content: '<p>We connect donors.</p>',
  images: ['team.png'],
  revision: 0,
  updatedAt: null,
  updatedBy: null,
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on('GET /v1/aboutUs/aboutUsList', [200, { message: 'ok', data: about }])
    .on('GET /admin/aboutUs/revisions', [200, { message: 'ok', data: [], total_records: 0 }])
    .on('GET /auth/metaData', META_DATA)
})

afterEach(() => api.restore())

const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
const editor = () => document.querySelector('[role="textbox"][aria-label="Content"]') as HTMLElement

describe('About us', () => {
  it('refuses empty content and sends nothing', async () => {
    renderApp('/content_management/about_us', mainAdmin)
    await waitFor(() => expect(editor()?.innerHTML).toBe('<p>We connect donors.</p>'))
    expect(screen.getByText('Not saved yet')).toBeTruthy()
    editor().innerHTML = '<p>&nbsp;</p>'
    fireEvent.input(editor())
    await userEvent.click(button('Save'))
    expect(await screen.findByText('Please enter Content')).toBeTruthy()
    expect(api.callsTo(SAVE)).toHaveLength(0)
  })

  it('sends the content and the images', async () => {
    api.on(SAVE, [
      200,
      {
        message: 'About us updated successfully',
        data: { ...about, revision: 1, updatedAt: 1_700_000_000_000, updatedBy: 'Main Admin' },
      },
    ])
    renderApp('/content_management/about_us', mainAdmin)
    await waitFor(() => expect(editor()?.innerHTML).toBe('<p>We connect donors.</p>'))
    editor().innerHTML = '<p>We connect donors and nonprofits.</p>'
    fireEvent.input(editor())
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1))
    expect(api.callsTo(SAVE)[0].body).toEqual({
      content: '<p>We connect donors and nonprofits.</p>',
      images: ['team.png'],
    })
    expect(await screen.findByText('About us updated successfully')).toBeTruthy()
    expect(await screen.findByText(/by Main Admin \(revision #1\)/)).toBeTruthy()
  })
})
