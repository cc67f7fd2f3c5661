import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA, numberedUploads } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const GET = 'GET /admin/givingPartner/getDetails'
const SAVE = 'POST /admin/givingPartner/update'
const page = {
  _id: 'g1',
  content: '<p>Partner with us</p>',
  image: 'old.png',
  revision: 1,
  updatedAt: 1_700_000_000_000,
  updatedBy: 'Main Admin',
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(GET, [200, { message: 'ok', data: page }])
    .on('GET /admin/givingPartner/revisions', [200, { message: 'ok', data: [], total_records: 0 }])
    .on('GET /auth/metaData', META_DATA)
    .on('POST /local-image/uploadImage', numberedUploads('givingPartnerimage'))
})

afterEach(() => api.restore())

const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
const editor = () => document.querySelector('[role="textbox"][aria-label="Content"]') as HTMLElement

describe('Giving partner page', () => {
  it('shows the image and the content in a 300 px editor, with Save and Cancel for the main admin', async () => {
    renderApp('/giving_partner', mainAdmin)
    await waitFor(() => expect(editor()?.innerHTML).toBe('<p>Partner with us</p>'))
    expect(editor().style.height).toBe('300px')
    expect(document.querySelector('img[alt="old.png"]')).toBeTruthy()
    expect(button('Save')).toBeTruthy()
    expect(button('Cancel')).toBeTruthy()
  })

  it('uploads a new image first (givingPartnerimage), sends its name and plain spaces for &nbsp;', async () => {
    api.on(SAVE, (call) => [
      200,
      { message: 'Giving partner page updated successfully', data: { ...page, ...(call.body as object), revision: 2 } },
    ])
    renderApp('/giving_partner', mainAdmin)
    await waitFor(() => expect(editor()?.innerHTML).toBe('<p>Partner with us</p>'))
    const uploader = document.querySelector('[role="group"][aria-label="Image"]') as HTMLElement
    fireEvent.click(within(uploader).getByLabelText('Replace old.png'))
    fireEvent.change(within(uploader).getByLabelText('Choose replacement image'), {
      target: { files: [new File(['img'], 'new.png', { type: 'image/png' })] },
    })
    await waitFor(() => expect(uploader.querySelector('img[alt="1-new.png"]')).toBeTruthy())
    expect((api.callsTo('POST /local-image/uploadImage')[0].body as FormData).get('moduleName')).toBe(
      'givingPartnerimage',
    )
    editor().innerHTML = '<p>Give&nbsp;together&nbsp;now</p>'
    fireEvent.input(editor())
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1))
    expect(api.callsTo(SAVE)[0].body).toEqual({ _id: 'g1', content: '<p>Give together now</p>', image: '1-new.png' })
    expect(await screen.findByText('Giving partner page updated successfully')).toBeTruthy()
  })

  it('keeps the old image name when no new image was uploaded', async () => {
    api.on(SAVE, [200, { message: 'Giving partner page updated successfully', data: page }])
    renderApp('/giving_partner', mainAdmin)
    await waitFor(() => expect(editor()?.innerHTML).toBe('<p>Partner with us</p>'))
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1))
    expect(api.callsTo(SAVE)[0].body).toEqual({ _id: 'g1', content: '<p>Partner with us</p>', image: 'old.png' })
  })

  it('is not open to a sub-admin without its module, whatever else it holds', async () => {
    const { router } = renderApp(
      '/giving_partner',
      subAdmin({ '/dashboard': ['view'], '/content_management/homepage': ['edit'] }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(api.callsTo(GET)).toHaveLength(0)
  })

  it('Cancel goes to the dashboard', async () => {
    const { router } = renderApp('/giving_partner', mainAdmin)
    await waitFor(() => expect(editor()?.innerHTML).toBe('<p>Partner with us</p>'))
    await userEvent.click(button('Cancel'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('shows a sub-admin holding its module no Cancel', async () => {
    renderApp('/giving_partner', subAdmin({ '/giving_partner': ['edit'] }))
    await waitFor(() => expect(editor()?.innerHTML).toBe('<p>Partner with us</p>'))
    expect(button('Save')).toBeTruthy()
    expect(screen.queryByText('Cancel')).toBeNull()
  })

  it('shows a sub-admin no Cancel when the server refuses the page', async () => {
    api.on(GET, [403, { message: 'You are not allowed to do this', code: 'FORBIDDEN' }])
    renderApp('/giving_partner', subAdmin({ '/giving_partner': ['edit'] }))
    expect(await screen.findAllByText('You are not allowed to do this')).not.toHaveLength(0)
    expect(screen.queryByText('Cancel')).toBeNull()
  })
})
