import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { formatDate } from '../../../../lib/format'
import { pretendSmallScreen } from '../../../../testing/small-screen'

const LIST = 'GET /admin/cms/cmsPagesList'
const publishedAt = new Date(2026, 9, 1, 14, 5).getTime()
const privacy = {
  _id: 'p1',
  slug: 'privacy_policy',
  title: 'Privacy Policy',
  content: '<p>We keep your data safe.</p><p>We never sell it.</p>',
  publishedAt,
  publishedBy: 'Main Admin',
  revision: 2,
}
const terms = {
  _id: 't1',
  slug: 'terms_condition',
  title: 'Terms of Use',
  content: '<p>Be kind.</p>',
  publishedAt,
  publishedBy: 'Main Admin',
  revision: 1,
}
const revisions = [
  {
    _id: 'r2',
    number: 2,
    pageKey: 'privacy_policy',
    authorId: 'a',
    authorName: 'Main Admin',
    createdAt: publishedAt,
    restoredFrom: null,
  },
  {
    _id: 'r1',
    number: 1,
    pageKey: 'privacy_policy',
    authorId: 'a',
    authorName: 'Sam Helper',
    createdAt: publishedAt - 60_000,
    restoredFrom: null,
  },
]

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(LIST, [200, { message: 'ok', data: [privacy, terms] }])
    .on('GET /admin/cms/revisions/p1', [200, { message: 'ok', data: revisions, total_records: 2 }])
    .on('GET /admin/cms/revisions/t1', [200, { message: 'ok', data: [], total_records: 0 }])
    .on('GET /admin/cms/revision/r1', [
      200,
      {
        message: 'ok',
        data: {
          ...revisions[1],
          document: { title: 'Privacy', content: '<p>We keep your data safe.</p><p>We may share it.</p>' },
        },
      },
    ])
    .on('GET /admin/cms/revision/r2', [
      200,
      { message: 'ok', data: { ...revisions[0], document: { title: privacy.title, content: privacy.content } } },
    ])
})

afterEach(() => api.restore())

const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
const editor = () => document.querySelector('[role="textbox"][aria-label="Content"]') as HTMLElement
function writeRichText(html: string) {
  editor().innerHTML = html
  fireEvent.input(editor())
}
/** Role queries are slow on a table: elements are found by their labels. */
const labelled = (selector: string, label: string) =>
  document.querySelector(`${selector}[aria-label="${label}"]`) as HTMLElement | null
const found = async (selector: string, label: string) => {
  await waitFor(() => expect(labelled(selector, label)).toBeTruthy())
  return labelled(selector, label) as HTMLElement
}
const titleInput = () => screen.getByLabelText('Title') as HTMLInputElement

describe('Privacy policy', () => {
  it('shows the page, when and by whom it was published, and its revisions', async () => {
    renderApp('/content_management/privacy_policy', mainAdmin)
    await waitFor(() => expect(titleInput().value).toBe('Privacy Policy'))
    expect(editor().innerHTML).toContain('We never sell it.')
    expect(screen.getByText(`Last published ${formatDate(publishedAt)} by Main Admin (revision #2)`)).toBeTruthy()
    const table = await found('table', 'Revisions')
    expect(await within(table).findByText('#1')).toBeTruthy()
    expect(within(table).getByText('Sam Helper')).toBeTruthy()
    expect(within(table).getByText('Current')).toBeTruthy()
    // The current revision offers no restore onto itself.
    expect(labelled('button', 'Restore revision 2')).toBeNull()
    expect(labelled('button', 'Restore revision 1')).toBeTruthy()
    expect(api.callsTo('GET /admin/cms/revisions/p1')[0].params).toEqual({ page: 1, limit: 10 })
  })

  it('refuses an empty title and empty content, and sends nothing', async () => {
    renderApp('/content_management/privacy_policy', mainAdmin)
    await waitFor(() => expect(titleInput().value).toBe('Privacy Policy'))
    await userEvent.clear(titleInput())
    await userEvent.type(titleInput(), '   ')
    writeRichText('<p><br></p>')
    await userEvent.click(button('Save'))
    expect(await screen.findByText('Please enter Title')).toBeTruthy()
    expect(await screen.findByText('Please enter Content')).toBeTruthy()
    expect(api.callsTo('POST /admin/cms/updateCms/p1')).toHaveLength(0)
  })

  it('saves the trimmed title and the content, and shows the new revision', async () => {
    api.on('POST /admin/cms/updateCms/p1', (call) => [
      200,
      { message: 'Page updated successfully', data: { ...privacy, ...(call.body as object), revision: 3 } },
    ])
    renderApp('/content_management/privacy_policy', mainAdmin)
    await waitFor(() => expect(titleInput().value).toBe('Privacy Policy'))
    await userEvent.clear(titleInput())
    await userEvent.type(titleInput(), '  Our Privacy Policy ')
    writeRichText('<p>We keep your data safe.</p>')
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo('POST /admin/cms/updateCms/p1')).toHaveLength(1))
    expect(api.callsTo('POST /admin/cms/updateCms/p1')[0].body).toEqual({
      title: 'Our Privacy Policy',
      content: '<p>We keep your data safe.</p>',
    })
    expect(await screen.findByText('Page updated successfully')).toBeTruthy()
    expect(await screen.findByText(/\(revision #3\)/)).toBeTruthy()
    // The list of revisions is asked again for the new revision.
    await waitFor(() => expect(api.callsTo('GET /admin/cms/revisions/p1').length).toBeGreaterThan(1))
  })

  it('shows what changed between two picked revisions, field by field', async () => {
    renderApp('/content_management/privacy_policy', mainAdmin)
    await userEvent.click(await found('input', 'Pick revision 2'))
    await userEvent.click(await found('input', 'Pick revision 1'))
    expect(await screen.findByText('Changes from #1 to #2')).toBeTruthy()
    const title = await screen.findByLabelText('Changes in Title')
    expect(within(title).getByLabelText('Removed: Privacy')).toBeTruthy()
    expect(within(title).getByLabelText('Added: Privacy Policy')).toBeTruthy()
    const content = screen.getByLabelText('Changes in Content')
    expect(within(content).getByLabelText('Removed: We may share it.')).toBeTruthy()
    expect(within(content).getByLabelText('Added: We never sell it.')).toBeTruthy()
    // The unchanged line is shown, unmarked.
    expect(content.querySelector('[data-diff="same"]')?.textContent).toContain('We keep your data safe.')
  })

  it('restores a revision after the confirmation and shows the page as restored', async () => {
    const restored = { ...privacy, title: 'Privacy', content: '<p>We may share it.</p>', revision: 3 }
    api.on('POST /admin/cms/restoreRevision/r1', [200, { message: 'Revision restored successfully', data: restored }])
    renderApp('/content_management/privacy_policy', mainAdmin)
    await userEvent.click(await found('button', 'Restore revision 1'))
    const dialog = (
      await screen.findAllByText('Are you sure you want to restore this revision ?', { selector: '.ant-modal-title' })
    )
      .at(-1)!
      .closest('[role="dialog"]') as HTMLElement
    expect(within(dialog).getByText(/revision #1/)).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Revision restored successfully')).toBeTruthy()
    await waitFor(() => expect(titleInput().value).toBe('Privacy'))
    expect(editor().innerHTML).toBe('<p>We may share it.</p>')
    expect(api.callsTo('POST /admin/cms/restoreRevision/r1')).toHaveLength(1)
    // The list is asked again for the new current revision.
    await waitFor(() => expect(api.callsTo('GET /admin/cms/revisions/p1').length).toBeGreaterThan(1))
  })

  it('the terms screen edits the terms page', async () => {
    api.on('POST /admin/cms/updateCms/t1', [
      200,
      { message: 'Page updated successfully', data: { ...terms, revision: 2 } },
    ])
    renderApp('/content_management/terms_condition', subAdmin({ '/content_management/terms_condition': ['edit'] }))
    await waitFor(() => expect(titleInput().value).toBe('Terms of Use'))
    expect(await screen.findByText('No revisions yet')).toBeTruthy()
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo('POST /admin/cms/updateCms/t1')).toHaveLength(1))
    expect(api.callsTo('POST /admin/cms/updateCms/t1')[0].body).toEqual({
      title: 'Terms of Use',
      content: '<p>Be kind.</p>',
    })
  })

  it('on a phone shows the author and time under the number, with Restore beside it', async () => {
    const restore = pretendSmallScreen()
    try {
      renderApp('/content_management/privacy_policy', mainAdmin)
      const table = await found('table', 'Revisions')
      expect(await within(table).findByText(`Sam Helper, ${formatDate(publishedAt - 60_000)}`)).toBeTruthy()
      const headers = [...table.querySelectorAll('th')].map((th) => th.textContent).filter(Boolean)
      expect(headers).toEqual(['Revision', 'Action'])
      expect(labelled('button', 'Restore revision 1')).toBeTruthy()
    } finally {
      restore()
    }
  })
})
