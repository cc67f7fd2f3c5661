import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { admin, comment, garden, post } from './fixture'

const ACTIVE = 'POST /v1/posts/communityPosts'
const INACTIVE = 'POST /v1/posts/InActivePostList'
const MEMBERS = 'POST /admin/admin-community/members/c1'
const COMMENTS = 'GET /v1/posts/getPostCommnetList/p1'

let api: MockApi

/** The screen's first load: its lazy chunk, the community and the feed (slow under jsdom on a busy machine). */
const LOAD = { timeout: 15000 }

/** `count` posts p1..pN, newest first. */
const posts = (from: number, count: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, i) => post(`p${from + i}`, `Post number ${from + i}`, extra))

beforeEach(() => {
  api = mockApi()
  api
    .on('GET /v1/community/getCommunityDetail/c1', [200, { message: 'ok', data: garden }])
    .on('GET /auth/metaData', META_DATA)
    .on(MEMBERS, [
      200,
      {
        message: 'ok',
        data: [{ _id: 'm1', donorId: 'd1', name: 'Mia Lee', email: 'mia@example.org', avatar: '', joinedAt: 1 }],
        total_records: 1,
      },
    ])
    .on(ACTIVE, [200, { message: 'ok', data: posts(1, 2), total_records: 2 }])
    .on(INACTIVE, (call) => {
      // The server pages at 100 rows: 130 inactive posts come in two pages.
      const page = (call.body as { page: number }).page
      return [
        200,
        {
          message: 'ok',
          data: page === 1 ? posts(1000, 100, { isActive: false }) : posts(1100, 30, { isActive: false }),
          total_records: 130,
        },
      ]
    })
    .on(COMMENTS, [
      200,
      {
        message: 'ok',
        data: [comment('k1', 'Lovely', { replies: [comment('r1', 'Thanks', { parentId: 'k1' })], repliesCount: 1 })],
        total_records: 1,
      },
    ])
})

afterEach(() => api.restore())

const labelled = (selector: string, label: string) =>
  document.querySelector(`${selector}[aria-label="${label}"]`) as HTMLElement | null
const found = async (selector: string, label: string) => {
  await waitFor(() => expect(labelled(selector, label)).toBeTruthy())
  return labelled(selector, label) as HTMLElement
}
/** A button by its text (role queries are slow on a page this size). */
const buttonIn = (root: HTMLElement, text: string | RegExp) =>
  within(root).getAllByText(text, { selector: 'button span' })[0].closest('button') as HTMLButtonElement
const answerYes = async (title: string) => {
  const dialog = (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement
  await userEvent.click(await waitFor(() => within(dialog).getByRole('button', { name: /Yes$/ })))
}

describe('Community view', () => {
  it('shows the details, the members and the active posts (page 1, limit 100)', async () => {
    renderApp('/community/Community_view/c1', mainAdmin)
    expect(await screen.findByText('We grow food.')).toBeTruthy()
    expect(screen.getByText('Seed Bank')).toBeTruthy()
    expect(screen.getByText('Hunger')).toBeTruthy()
    expect(await screen.findByText('mia@example.org')).toBeTruthy()
    expect(await screen.findByText('Post number 1')).toBeTruthy()
    expect(api.callsTo(ACTIVE)[0].body).toEqual({ communityId: 'c1', page: 1, limit: 100 })
    expect(api.callsTo(INACTIVE)).toHaveLength(0)
    // Every post is shown: no Load more.
    expect(screen.queryByText('Load more')).toBeNull()
  })

  it('asks the inactive posts with limit 1000000 and loads the next page while fewer than total_records are shown', async () => {
    renderApp('/community/Community_view/c1', mainAdmin)
    await screen.findByText('Post number 1')
    await userEvent.click(screen.getByText('Inactive', { selector: '[role="tab"]' }))
    expect(await screen.findByText('Post number 1000')).toBeTruthy()
    expect(api.callsTo(INACTIVE)[0].body).toEqual({ communityId: 'c1', page: 1, limit: 1000000 })
    expect(screen.getByText('100 of 130 posts shown')).toBeTruthy()
    await userEvent.click(screen.getByText('Load more', { selector: 'button span' }))
    expect(await screen.findByText('Post number 1129')).toBeTruthy()
    expect(api.callsTo(INACTIVE)[1].body).toEqual({ communityId: 'c1', page: 2, limit: 1000000 })
    await waitFor(() => expect(screen.queryByText('Load more')).toBeNull())
  })

  it('deactivates a post after the confirmation and asks both feeds again', async () => {
    api.on('POST /v1/posts/activeInActivePost/p1', [
      200,
      { message: 'Post deactivated successfully', data: post('p1', 'Post number 1', { isActive: false }) },
    ])
    renderApp('/community/Community_view/c1', mainAdmin)
    const card = (await screen.findByText('Post number 1', undefined, LOAD)).closest('[role="article"]') as HTMLElement
    await userEvent.click(buttonIn(card, 'Deactivate'))
    await answerYes('Are you sure you want to Deactivate this post ?')
    expect(await screen.findByText('Post deactivated successfully')).toBeTruthy()
    expect(api.callsTo('POST /v1/posts/activeInActivePost/p1')[0].body).toEqual({ isActive: false })
    await waitFor(() => expect(api.callsTo(ACTIVE).length).toBeGreaterThan(1))
  })

  it('likes a post as the admin account and shows the new count', async () => {
    let liked = false
    api.on('POST /v1/posts/likeUnlikePost/p1', () => {
      liked = true
      return [200, { message: 'Post liked successfully', data: { liked: true, likesCount: 2 } }]
    })
    api.on(ACTIVE, () => [
      200,
      {
        message: 'ok',
        data: [post('p1', 'Post number 1', liked ? { likesCount: 2, likedByAdmin: true } : {})],
        total_records: 1,
      },
    ])
    renderApp('/community/Community_view/c1', mainAdmin)
    await userEvent.click(await found('button', 'Like post by Author p1, 1 like'))
    expect(await screen.findByText('Post liked successfully')).toBeTruthy()
    const unlike = await found('button', 'Unlike post by Author p1, 2 likes')
    expect(unlike.getAttribute('aria-pressed')).toBe('true')
    expect(unlike.textContent).toContain('2')
  })

  it('comments and replies as the admin: an empty text is refused, then what is typed is sent', async () => {
    api.on('POST /v1/posts/postComment', [
      200,
      { message: 'Comment added successfully', data: comment('k2', 'Well done', { author: admin }) },
    ])
    api.on('POST /v1/posts/postCommentRply', [
      200,
      { message: 'Reply added successfully', data: comment('r2', 'Agreed', { author: admin, parentId: 'k1' }) },
    ])
    renderApp('/community/Community_view/c1', mainAdmin)
    const card = (await screen.findByText('Post number 1', undefined, LOAD)).closest('[role="article"]') as HTMLElement
    await userEvent.click(buttonIn(card, /Comments/))
    expect(await within(card).findByText('Lovely')).toBeTruthy()
    expect(within(card).getByText('Thanks')).toBeTruthy()

    const box = within(card).getByLabelText('Write a comment')
    await userEvent.click(buttonIn(card, 'Send'))
    expect(await within(card).findByText('Please enter Comment')).toBeTruthy()
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } })
    expect(await within(card).findByText('Comment must be at most 1000 characters')).toBeTruthy()
    expect(api.callsTo('POST /v1/posts/postComment')).toHaveLength(0)
    fireEvent.change(box, { target: { value: '  Well done ' } })
    await userEvent.click(buttonIn(card, 'Send'))
    await waitFor(() => expect(api.callsTo('POST /v1/posts/postComment')).toHaveLength(1))
    expect(api.callsTo('POST /v1/posts/postComment')[0].body).toEqual({ postId: 'p1', text: 'Well done' })
    expect(await screen.findByText('Comment added successfully')).toBeTruthy()
    await waitFor(() => expect(api.callsTo(COMMENTS).length).toBeGreaterThan(1))

    // A comment has Reply; a reply has none (one level).
    const thread = within(card).getByText('Lovely').closest('[data-testid="comment"]') as HTMLElement
    const replies = thread.querySelectorAll('[data-testid="reply"]')
    expect(replies).toHaveLength(1)
    expect(within(replies[0] as HTMLElement).queryByText('Reply', { selector: 'button span' })).toBeNull()
    await userEvent.click(buttonIn(thread, 'Reply'))
    fireEvent.change(await within(thread).findByLabelText('Reply to Commenter k1'), { target: { value: 'Agreed' } })
    await userEvent.click(buttonIn(thread, 'Send'))
    await waitFor(() => expect(api.callsTo('POST /v1/posts/postCommentRply')).toHaveLength(1))
    expect(api.callsTo('POST /v1/posts/postCommentRply')[0].body).toEqual({ commentId: 'k1', text: 'Agreed' })
    expect(await screen.findByText('Reply added successfully')).toBeTruthy()
  })

  it('a comment or a reply of only white space says why at the box and sends nothing', async () => {
    renderApp('/community/Community_view/c1', mainAdmin)
    const card = (await screen.findByText('Post number 1', undefined, LOAD)).closest('[role="article"]') as HTMLElement
    await userEvent.click(buttonIn(card, /Comments/))
    await within(card).findByText('Lovely')
    const box = within(card).getByLabelText('Write a comment') as HTMLTextAreaElement
    expect(box.maxLength).toBe(1000)
    await userEvent.type(box, '   ')
    await userEvent.click(buttonIn(card, 'Send'))
    const message = await within(card).findByText('Please enter Comment')
    // The message is the box's description (its own, though every post has a comment box).
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'))
    const described = (box.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
    expect(described.some((el) => el?.contains(message))).toBe(true)
    expect(document.querySelectorAll(`[id="${box.id}"]`)).toHaveLength(1)

    const thread = within(card).getByText('Lovely').closest('[data-testid="comment"]') as HTMLElement
    await userEvent.click(buttonIn(thread, 'Reply'))
    fireEvent.change(await within(thread).findByLabelText('Reply to Commenter k1'), { target: { value: ' \n\t ' } })
    await userEvent.click(buttonIn(thread, 'Send'))
    expect(await within(thread).findByText('Please enter Comment')).toBeTruthy()
    expect(api.callsTo('POST /v1/posts/postComment')).toHaveLength(0)
    expect(api.callsTo('POST /v1/posts/postCommentRply')).toHaveLength(0)
  })

  it('a sub-admin who may only view reads the feed without Deactivate, likes or comment forms', async () => {
    renderApp('/community/Community_view/c1', subAdmin({ '/community': ['view'] }))
    const card = (await screen.findByText('Post number 1', undefined, LOAD)).closest('[role="article"]') as HTMLElement
    expect(within(card).queryByText('Deactivate', { selector: 'button span' })).toBeNull()
    expect(document.querySelector('button[aria-label^="Like post by Author p1"]')).toBeNull()
    await userEvent.click(buttonIn(card, /Comments/))
    expect(await within(card).findByText('Lovely')).toBeTruthy()
    expect(within(card).queryByLabelText('Write a comment')).toBeNull()
    expect(screen.queryByText('Edit', { selector: 'button span' })).toBeNull()
  })
})
