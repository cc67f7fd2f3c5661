import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA, numberedUploads } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { chess, garden } from './fixture'

const LIST = 'POST /admin/admin-community/communityList'
const CREATE = 'POST /admin/admin-community/create'
const DELETE = 'POST /admin/admin-community/delete'

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(LIST, (call) =>
      (call.body as { isDeleted: boolean }).isDeleted
        ? [200, { message: 'ok', data: [{ ...chess, isDeleted: true, deletedAt: 1 }], total_records: 1 }]
        : [200, { message: 'ok', data: [garden, chess], total_records: 2 }],
    )
    .on('GET /v1/community/getCommunityDetail/c1', [200, { message: 'ok', data: garden }])
    .on('GET /auth/metaData', META_DATA)
    .on('POST /local-image/uploadImage', numberedUploads('communityImage'))
})

afterEach(() => api.restore())

const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const labelled = (selector: string, label: string) =>
  document.querySelector(`${selector}[aria-label="${label}"]`) as HTMLElement | null
const found = async (selector: string, label: string) => {
  await waitFor(() => expect(labelled(selector, label)).toBeTruthy())
  return labelled(selector, label) as HTMLElement
}
/** Answers Yes in the dialog of that title (once its Yes is ready: a closing dialog may still be there). */
const answerYes = async (title: string) => {
  const dialog = (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement
  const yes = await waitFor(() => within(dialog).getByRole('button', { name: /Yes$/ }))
  await userEvent.click(yes)
}
const description = () => document.querySelector('[role="textbox"][aria-label="Description"]') as HTMLElement

describe('Community list', () => {
  it('lists communities newest first, with the hide switch, View, Edit and Delete', async () => {
    renderApp('/community', mainAdmin)
    expect(await screen.findByText('Garden Friends')).toBeTruthy()
    expect(api.callsTo(LIST)[0].body).toEqual({
      page: 1,
      limit: 10,
      search: '',
      column: 'createdAt',
      order: 'desc',
      isDeleted: false,
    })
    expect((labelled('[role="switch"]', 'Hide Chess Club') as HTMLButtonElement).getAttribute('aria-checked')).toBe(
      'true',
    )
    expect(labelled('a', 'View Garden Friends')).toBeTruthy()
    expect(labelled('a', 'Edit Garden Friends')).toBeTruthy()
    expect(labelled('button', 'Delete Garden Friends')).toBeTruthy()
    expect(screen.getByPlaceholderText('Search by Community Name')).toBeTruthy()
  })

  it('hides a community after the confirmation and shows the server message', async () => {
    api.on('POST /admin/admin-community/hideCommunity/c1', [
      200,
      { message: 'Community hidden successfully', data: { ...garden, isHidden: true } },
    ])
    renderApp('/community', mainAdmin)
    await userEvent.click(await found('[role="switch"]', 'Hide Garden Friends'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Hide this community ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Community hidden successfully')).toBeTruthy()
    expect(api.callsTo('POST /admin/admin-community/hideCommunity/c1')[0].body).toEqual({ isHidden: true })
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(1))
  })

  it('No leaves a community as it is', async () => {
    renderApp('/community', mainAdmin)
    await userEvent.click(await found('[role="switch"]', 'Hide Chess Club'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to Unhide this community ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }))
    expect(api.callsTo('POST /admin/admin-community/hideCommunity/c2')).toHaveLength(0)
  })

  it('deletes with isDeleted true, then restores from the Deleted tab with isDeleted false', async () => {
    api.on(DELETE, (call) =>
      (call.body as { isDeleted: boolean }).isDeleted
        ? [200, { message: 'Community deleted Successfully', data: garden }]
        : [200, { message: 'Community Restore Successfully', data: chess }],
    )
    renderApp('/community', mainAdmin)
    await userEvent.click(await found('button', 'Delete Garden Friends'))
    await answerYes('Are you sure you want to Delete ?')
    expect(await screen.findByText('Community deleted Successfully')).toBeTruthy()
    expect(api.callsTo(DELETE)[0].body).toEqual({ _id: 'c1', isDeleted: true })

    await userEvent.click(screen.getByRole('tab', { name: 'Deleted' }))
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({ isDeleted: true, page: 1 }))
    await userEvent.click(await found('button', 'Restore Chess Club'))
    await answerYes('Are you sure you want to Restore ?')
    expect(await screen.findByText('Community Restore Successfully')).toBeTruthy()
    expect(api.callsTo(DELETE)[1].body).toEqual({ _id: 'c2', isDeleted: false })
  })

  it('a sub-admin who may only view sees no Add, switch, Edit or Delete', async () => {
    renderApp('/community', subAdmin({ '/community': ['view'] }))
    expect(await screen.findByText('Garden Friends')).toBeTruthy()
    expect(screen.queryByText('Add Community')).toBeNull()
    expect(labelled('[role="switch"]', 'Hide Garden Friends')).toBeNull()
    expect(labelled('a', 'Edit Garden Friends')).toBeNull()
    expect(labelled('button', 'Delete Garden Friends')).toBeNull()
    expect(labelled('a', 'View Garden Friends')).toBeTruthy()
  })
})

describe('Community form', () => {
  it("shows the contract's messages and sends nothing", async () => {
    renderApp('/community/community_add', mainAdmin)
    await screen.findByLabelText('Community Name')
    await userEvent.click(button('Save'))
    expect(await screen.findByText('Please enter Community Name')).toBeTruthy()
    expect(screen.getByText('Please enter Description')).toBeTruthy()
    expect(screen.getByText('Please upload Cover Image')).toBeTruthy()
    fireEvent.change(input('Community Name'), { target: { value: 'x'.repeat(101) } })
    expect(await screen.findByText('Community Name must be at most 100 characters')).toBeTruthy()
    expect(api.callsTo(CREATE)).toHaveLength(0)
  })

  it('adds a community with its cover image and goes to the list', async () => {
    api.on(CREATE, [200, { message: 'Community created successfully', data: garden }])
    const { router } = renderApp('/community/community_add', mainAdmin)
    await screen.findByLabelText('Community Name')
    fireEvent.change(input('Community Name'), { target: { value: '  Book Circle ' } })
    const uploader = document.querySelector('[role="group"][aria-label="Cover Image"]') as HTMLElement
    fireEvent.change(within(uploader).getByLabelText('Choose images'), {
      target: { files: [new File(['img'], 'cover.png', { type: 'image/png' })] },
    })
    await waitFor(() => expect(uploader.querySelector('img[alt="1-cover.png"]')).toBeTruthy())
    expect((api.callsTo('POST /local-image/uploadImage')[0].body as FormData).get('moduleName')).toBe('communityImage')
    description().innerHTML = '<p>We read.</p>'
    fireEvent.input(description())
    await userEvent.click(screen.getByLabelText('Private'))
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1))
    expect(api.callsTo(CREATE)[0].body).toEqual({
      name: 'Book Circle',
      description: '<p>We read.</p>',
      coverImage: '1-cover.png',
      gallery: [],
      charityIds: [],
      causeIds: [],
      address: '',
      country: '',
      state: '',
      city: '',
      countryId: '',
      stateId: '',
      cityId: '',
      zipCode: '',
      privacy: 'private',
    })
    expect(await screen.findByText('Community created successfully')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'))
  })

  it("edits from the saved values and shows the server's field error on its field", async () => {
    api.on('PATCH /admin/admin-community/update/c1', [
      409,
      { message: 'Community already exists', errors: [{ field: 'name', message: 'Community already exists' }] },
    ])
    renderApp('/community/community_edit/c1', mainAdmin)
    await waitFor(() => expect(input('Community Name').value).toBe('Garden Friends'))
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo('PATCH /admin/admin-community/update/c1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/admin-community/update/c1')[0].body).toMatchObject({
      name: 'Garden Friends',
      coverImage: 'cover.png',
      gallery: ['g1.png'],
      charityIds: ['n1'],
      causeIds: ['k1'],
      privacy: 'public',
    })
    await waitFor(() =>
      expect(
        document.querySelector('#name_help')?.textContent ?? screen.getAllByText('Community already exists').length,
      ).toBeTruthy(),
    )
    expect(screen.getAllByText('Community already exists').length).toBeGreaterThan(0)
  })
})
