import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA, numberedUploads } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const LIST = 'POST /admin/leadership/listLeadership'
const ADD = 'POST /admin/leadership/addLeadership'
const at = new Date(2026, 0, 5, 9, 30).getTime()
const ada = {
  _id: 'l1',
  name: 'Ada Park',
  title: 'Chair',
  photo: 'ada.png',
  biography: '<p>Founder.</p>',
  order: 0,
  isActive: true,
  createdAt: at,
  updatedAt: at,
}
const ben = { ...ada, _id: 'l2', name: 'Ben Ode', title: 'Treasurer', photo: 'ben.png', order: 1, isActive: false }

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(LIST, [200, { message: 'ok', data: [ada, ben], total_records: 2 }])
    .on('GET /admin/leadership/getLeadership/l1', [200, { message: 'ok', data: ada }])
    .on('GET /auth/metaData', META_DATA)
    .on('POST /local-image/uploadImage', numberedUploads('leadershipImage'))
})

afterEach(() => api.restore())

const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
/** Role queries are slow on a table: elements are found by their labels. */
const labelled = (selector: string, label: string) =>
  document.querySelector(`${selector}[aria-label="${label}"]`) as HTMLElement | null
const found = async (selector: string, label: string) => {
  await waitFor(() => expect(labelled(selector, label)).toBeTruthy())
  return labelled(selector, label) as HTMLElement
}
const biography = () => document.querySelector('[role="textbox"][aria-label="Biography"]') as HTMLElement

describe('Leadership list', () => {
  it('lists entries by their order, with View, Edit, Delete and the status switch', async () => {
    renderApp('/content_management/leadership', mainAdmin)
    expect(await screen.findByText('Ada Park')).toBeTruthy()
    expect(api.callsTo(LIST)[0].body).toEqual({ page: 1, limit: 10, search: '', column: 'order', order: 'asc' })
    expect(labelled('[role="switch"]', 'Status of Ben Ode')).toBeTruthy()
    expect(labelled('a', 'View Ada Park')).toBeTruthy()
    expect(labelled('a', 'Edit Ada Park')).toBeTruthy()
    expect(labelled('button', 'Delete Ada Park')).toBeTruthy()
    expect(screen.getByPlaceholderText('Search by Name or Title')).toBeTruthy()
  })

  it('filters by status', async () => {
    renderApp('/content_management/leadership', mainAdmin)
    await screen.findByText('Ada Park')
    fireEvent.mouseDown(screen.getByLabelText('Status'))
    const options = await screen.findAllByText('Inactive', { selector: '.ant-select-item-option-content' })
    fireEvent.click(options[options.length - 1])
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({ isActive: false, page: 1 }))
  })

  it('shows a sub-admin with only delete no Add, Edit or switch', async () => {
    renderApp('/content_management/leadership', subAdmin({ '/content_management/leadership': ['delete'] }))
    expect(await screen.findByText('Ada Park')).toBeTruthy()
    expect(screen.queryByText('Add Leadership')).toBeNull()
    expect(labelled('[role="switch"]', 'Status of Ada Park')).toBeNull()
    expect(labelled('a', 'Edit Ada Park')).toBeNull()
    expect(labelled('button', 'Delete Ada Park')).toBeTruthy()
  })

  it('switches an entry off with the whole entry, after the confirmation', async () => {
    api.on('PATCH /admin/leadership/updateLeadership/l1', [
      200,
      { message: 'Leadership updated successfully', data: { ...ada, isActive: false } },
    ])
    renderApp('/content_management/leadership', mainAdmin)
    await userEvent.click(await found('[role="switch"]', 'Status of Ada Park'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure Inactive this status ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(api.callsTo('PATCH /admin/leadership/updateLeadership/l1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/leadership/updateLeadership/l1')[0].body).toEqual({
      name: 'Ada Park',
      title: 'Chair',
      photo: 'ada.png',
      biography: '<p>Founder.</p>',
      order: 0,
      isActive: false,
    })
  })

  it('deletes after the confirmation and lists again', async () => {
    api.on('DELETE /admin/leadership/deleteLeadership/l2', [
      200,
      { message: 'Leadership deleted successfully', data: null },
    ])
    renderApp('/content_management/leadership', mainAdmin)
    await userEvent.click(await found('button', 'Delete Ben Ode'))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Leadership deleted successfully')).toBeTruthy()
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(1))
  })
})

describe('Leadership form', () => {
  it("shows the contract's messages and sends nothing", async () => {
    renderApp('/content_management/add_leadership', mainAdmin)
    await screen.findByLabelText('Name')
    fireEvent.change(input('Name'), { target: { value: '   ' } })
    fireEvent.change(input('Order'), { target: { value: '-1' } })
    await userEvent.click(button('Save'))
    expect(await screen.findByText('Please enter valid Name')).toBeTruthy()
    expect(screen.getByText('Please enter Title')).toBeTruthy()
    expect(screen.getByText('Please upload Photo')).toBeTruthy()
    expect(screen.getByText('Please enter valid Order')).toBeTruthy()
    fireEvent.change(input('Name'), { target: { value: '' } })
    expect(await screen.findByText('Please enter Name')).toBeTruthy()
    expect(api.callsTo(ADD)).toHaveLength(0)
  })

  it('adds an entry with its uploaded photo and goes to the list', async () => {
    api.on(ADD, [200, { message: 'Leadership added successfully', data: ada }])
    const { router } = renderApp('/content_management/add_leadership', mainAdmin)
    await screen.findByLabelText('Name')
    fireEvent.change(input('Name'), { target: { value: ' Cleo Ray ' } })
    fireEvent.change(input('Title'), { target: { value: 'Director' } })
    fireEvent.change(input('Order'), { target: { value: '2' } })
    const uploader = document.querySelector('[role="group"][aria-label="Photo"]') as HTMLElement
    fireEvent.change(within(uploader).getByLabelText('Choose images'), {
      target: { files: [new File(['img'], 'cleo.png', { type: 'image/png' })] },
    })
    await waitFor(() => expect(uploader.querySelector('img[alt="1-cleo.png"]')).toBeTruthy())
    expect((api.callsTo('POST /local-image/uploadImage')[0].body as FormData).get('moduleName')).toBe('leadershipImage')
    biography().innerHTML = '<p>Runs programs.</p>'
    fireEvent.input(biography())
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1))
    expect(api.callsTo(ADD)[0].body).toEqual({
      name: 'Cleo Ray',
      title: 'Director',
      photo: '1-cleo.png',
      biography: '<p>Runs programs.</p>',
      order: 2,
      isActive: true,
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/content_management/leadership'))
  })

  it('edits an entry from its saved values', async () => {
    api.on('PATCH /admin/leadership/updateLeadership/l1', [
      200,
      { message: 'Leadership updated successfully', data: ada },
    ])
    renderApp('/content_management/edit_leadership/l1', mainAdmin)
    await waitFor(() => expect(input('Name').value).toBe('Ada Park'))
    fireEvent.change(input('Title'), { target: { value: 'Chair of the Board' } })
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo('PATCH /admin/leadership/updateLeadership/l1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/leadership/updateLeadership/l1')[0].body).toMatchObject({
      name: 'Ada Park',
      title: 'Chair of the Board',
      photo: 'ada.png',
      order: 0,
      isActive: true,
    })
  })
})

describe('Leadership view', () => {
  it('shows the entry with its biography, and deletes it after the confirmation', async () => {
    api.on('DELETE /admin/leadership/deleteLeadership/l1', [
      200,
      { message: 'Leadership deleted successfully', data: null },
    ])
    const { router } = renderApp('/content_management/view_leadership/l1', mainAdmin)
    expect(await screen.findByText('Chair')).toBeTruthy()
    expect(screen.getByText('Founder.')).toBeTruthy()
    expect(screen.getByAltText('Photo of Ada Park')).toBeTruthy()
    await userEvent.click(button('Delete'))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/content_management/leadership'))
    expect(api.callsTo('DELETE /admin/leadership/deleteLeadership/l1')).toHaveLength(1)
  })

  it('says so when the entry is gone', async () => {
    api.on('GET /admin/leadership/getLeadership/zz', [404, { message: 'Leadership not found' }])
    renderApp('/content_management/view_leadership/zz', mainAdmin)
    expect((await screen.findAllByText('Leadership not found')).length).toBeGreaterThan(0)
  })
})
