import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { pretendSmallScreen } from '../../../../testing/small-screen'
import { setChatSocketFactory } from '../../connection'
import { useChat } from '../../store'
import type { Message } from '../../types'
import { FakeSocket, message, ok, room } from './fake-socket'

const LOAD = { timeout: 15000 }
const ann = room('r1', 'Ann Giver', {
  unread: 2,
  online: true,
  lastMessageAt: 2,
  lastMessage: message('r1', 20, 'Hello there'),
})
const bob = room('r2', 'Bob Donor', { lastMessageAt: 1, lastMessage: message('r2', 1, 'Thanks') })

/** Ann's messages 1..20. */
const annHistory = Array.from({ length: 20 }, (_, i) => message('r1', i + 1, `Message number ${i + 1}`))

let api: MockApi
let socket: FakeSocket

function serve(s: FakeSocket) {
  s.answer('users', (p) => {
    const search = String(p.search ?? '')
    const list = [ann, bob].filter((r) => r.user.name.toLowerCase().includes(search.toLowerCase()))
    return ok({ list, total_records: list.length, page: p.page, limit: p.limit })
  })
    .answer('join', (p) => ok({ room: p.roomId === 'r1' ? ann : bob }))
    .answer('leave', () => ok({}))
    .answer('history', (p) => {
      const before = typeof p.before === 'number' ? p.before : Infinity
      const older = annHistory.filter((m) => m.seq < before)
      const list = older.slice(-Number(p.limit))
      return ok({ list, hasMore: older.length > list.length })
    })
    .answer('read', () => ok({ room: { ...ann, unread: 0 } }))
    .answer('typing', () => ok({}))
}

beforeEach(() => {
  api = mockApi()
  api.on('GET /auth/metaData', [
    200,
    { message: 'ok', data: { mediaURL: 'https://cdn.example.org/media', placeholder: 'p.png' } },
  ])
  socket = new FakeSocket()
  serve(socket)
  setChatSocketFactory(() => socket)
})

afterEach(() => {
  setChatSocketFactory(null)
  api.restore()
})

async function openChat(user = mainAdmin) {
  renderApp('/chat', user)
  await screen.findByRole('region', { name: 'Conversations' }, LOAD)
  socket.goOnline()
  await screen.findByRole('button', { name: /^Open chat with Ann Giver\b/ })
}

async function openAnn() {
  await userEvent.click(screen.getByRole('button', { name: /^Open chat with Ann Giver\b/ }))
  await screen.findByText('Message number 20')
}

const log = () => screen.getByRole('log', { name: 'Messages' })

describe('Chat', () => {
  it('lists the rooms with unread badges and presence, and shows the connection state', async () => {
    renderApp('/chat', mainAdmin)
    expect(await screen.findByText('Connecting…', undefined, LOAD)).toBeTruthy()
    socket.goOnline()
    expect(await screen.findByText('Connected')).toBeTruthy()
    const row = await screen.findByRole('button', { name: /^Open chat with Ann Giver\b/ })
    expect(socket.emitsOf('users')[0]).toEqual({ page: 1, limit: 10, search: '' })
    expect(within(row).getByLabelText('2 unread')).toBeTruthy()
    expect(within(row).getByTitle('Online')).toBeTruthy()
    expect(
      within(screen.getByRole('button', { name: /^Open chat with Bob Donor\b/ })).getByTitle('Offline'),
    ).toBeTruthy()
    socket.fire('presence', { userId: 'u-r2', online: true })
    await waitFor(() =>
      expect(
        within(screen.getByRole('button', { name: /^Open chat with Bob Donor\b/ })).getByTitle('Online'),
      ).toBeTruthy(),
    )
    socket.drop()
    expect(await screen.findByText('Reconnecting…')).toBeTruthy()
  })

  it('a live message updates the list: the row moves up with its unread badge', async () => {
    await openChat()
    const fresh = message('r2', 2, 'I have a question')
    socket.fire('message', { message: fresh, room: { ...bob, lastMessage: fresh, lastMessageAt: 3, unread: 1 } })
    await waitFor(() =>
      expect(
        within(screen.getByRole('button', { name: /^Open chat with Bob Donor\b/ })).getByLabelText('1 unread'),
      ).toBeTruthy(),
    )
    const rows = within(screen.getByRole('region', { name: 'Conversations' })).getAllByRole('button', {
      name: /^Open chat with/,
    })
    expect(rows[0].textContent).toMatch(/^Open chat with Bob Donor/)
    expect(within(rows[0]).getByText('I have a question')).toBeTruthy()
  })

  it('opens a room: joins it, shows the newest 15 messages and marks them read', async () => {
    await openChat()
    await openAnn()
    expect(socket.emitsOf('join')[0]).toEqual({ roomId: 'r1' })
    expect(socket.emitsOf('history')[0]).toEqual({ roomId: 'r1', limit: 15 })
    expect(screen.queryByText('Message number 5')).toBeNull()
    expect(screen.getByText('Message number 6')).toBeTruthy()
    await waitFor(() => expect(socket.emitsOf('read')[0]).toEqual({ roomId: 'r1', seq: 20 }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('button', { name: /^Open chat with Ann Giver\b/ })).queryByLabelText('2 unread'),
      ).toBeNull(),
    )
  })

  it('scrolling to the top loads the 15 older messages before the first one', async () => {
    await openChat()
    await openAnn()
    const el = log()
    Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 2000 })
    el.scrollTop = 0
    fireEvent.scroll(el)
    expect(await screen.findByText('Message number 1')).toBeTruthy()
    expect(socket.emitsOf('history')[1]).toEqual({ roomId: 'r1', limit: 15, before: 6 })
    expect(await screen.findByText('Beginning of the conversation')).toBeTruthy()
  })

  it('a member message in the open room appears live, and a typing notice shows', async () => {
    await openChat()
    await openAnn()
    socket.fire('typing', {
      roomId: 'r1',
      from: { _id: 'u-r1', type: 'member', name: 'Ann Giver', avatar: '' },
      typing: true,
    })
    expect(await screen.findByText('Ann Giver is typing…')).toBeTruthy()
    const answer = message('r1', 21, 'Here is my answer')
    socket.fire('message', { message: answer, room: { ...ann, lastMessage: answer, lastMessageAt: 4, unread: 1 } })
    expect(await within(log()).findByText('Here is my answer')).toBeTruthy()
    expect(screen.queryByText('Ann Giver is typing…')).toBeNull()
    await waitFor(() => expect(socket.emitsOf('read').at(-1)).toEqual({ roomId: 'r1', seq: 21 }))
  })

  it('Enter sends, Shift+Enter is a new line; the acknowledgement replaces the pending message', async () => {
    await openChat()
    await openAnn()
    let release: (m: Message) => void = () => {}
    socket.answer(
      'send',
      (p) =>
        new Promise((resolve) => {
          release = (m) => resolve(ok({ message: m }))
          void p
        }),
    )
    const box = screen.getByRole('textbox', { name: 'Message' })
    await userEvent.type(box, 'Hi Ann{Shift>}{Enter}{/Shift}second line')
    expect(socket.emitsOf('send')).toHaveLength(0)
    expect((box as HTMLTextAreaElement).value).toBe('Hi Ann\nsecond line')
    await userEvent.type(box, '{Enter}')
    await waitFor(() => expect(socket.emitsOf('send')).toHaveLength(1))
    const sent = socket.emitsOf('send')[0]
    expect(sent).toMatchObject({ roomId: 'r1', text: 'Hi Ann\nsecond line' })
    expect(String(sent.clientId)).toMatch(/.{8,}/)
    expect(await screen.findByText(/Sending…/)).toBeTruthy()
    expect((box as HTMLTextAreaElement).value).toBe('')
    act(() => release(message('r1', 21, 'Hi Ann\nsecond line', 'admin', { clientId: String(sent.clientId) })))
    await waitFor(() => expect(screen.queryByText(/Sending…/)).toBeNull())
    expect(within(log()).getAllByText(/Hi Ann/)).toHaveLength(1)
    expect(within(log()).getByText(/· Sent/)).toBeTruthy()
    // The member reads it.
    socket.fire('read', { roomId: 'r1', side: 'member', seq: 21, readAt: Date.now() })
    expect(await within(log()).findByText(/· Read/)).toBeTruthy()
  })

  it('an empty message is refused with the server text and sends nothing; a server refusal is shown', async () => {
    await openChat()
    await openAnn()
    const box = screen.getByRole('textbox', { name: 'Message' })
    await userEvent.type(box, '   {Enter}')
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a message')
    expect(socket.emitsOf('send')).toHaveLength(0)
    socket.answer('send', () => ({ ok: false, message: 'You are not allowed to do this', code: 'forbidden' }))
    await userEvent.type(box, 'hello{Enter}')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You are not allowed to do this'))
    expect(screen.queryByText(/Sending…|will retry/)).toBeNull()
  })

  it('a reconnection re-joins the room, asks what it missed and sends again what was pending, once', async () => {
    await openChat()
    await openAnn()
    // The connection drops; the admin writes meanwhile.
    socket.drop()
    expect(await screen.findByText('Reconnecting…')).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}')
    expect(await screen.findByText(/will retry/)).toBeTruthy()
    expect(socket.emitsOf('send')).toHaveLength(0)
    const missed = message('r1', 21, 'Sent while you were away')
    socket.answer('missed', (p) => ok({ list: Number(p.after) < 21 ? [missed] : [], hasMore: false }))
    socket.answer('send', (p) =>
      ok({ message: message('r1', 22, String(p.text), 'admin', { clientId: String(p.clientId) }) }),
    )
    socket.emitted = []
    socket.goOnline()
    expect(await screen.findByText('Connected')).toBeTruthy()
    expect(await within(log()).findByText('Sent while you were away')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText(/will retry/)).toBeNull())
    expect(socket.emitsOf('join')).toEqual([{ roomId: 'r1' }])
    expect(socket.emitsOf('missed')).toEqual([{ roomId: 'r1', after: 20 }])
    expect(socket.emitsOf('send')).toHaveLength(1)
    expect(within(log()).getAllByText('Are you there?')).toHaveLength(1)
    // The same message echoed by the room (its own `message` event) does not show twice.
    const echoed = message('r1', 22, 'Are you there?', 'admin', {
      clientId: String(socket.emitsOf('send')[0].clientId),
    })
    socket.fire('message', { message: echoed, room: ann })
    socket.fire('message', { message: missed, room: ann })
    expect(within(log()).getAllByText('Are you there?')).toHaveLength(1)
    expect(within(log()).getAllByText('Sent while you were away')).toHaveLength(1)
  })

  it('an image alone is a message: uploaded to chatImage, then sent with its file name', async () => {
    api.on('POST /local-image/uploadImage', (call) => {
      const body = call.body as FormData
      return [
        200,
        {
          message: 'ok',
          data: { name: 'photo-1.png', moduleName: body.get('moduleName'), url: '/media/chatImage/photo-1.png' },
        },
      ]
    })
    socket.answer('send', (p) =>
      ok({ message: message('r1', 21, '', 'admin', { image: String(p.image), clientId: String(p.clientId) }) }),
    )
    await openChat()
    await openAnn()
    await userEvent.click(screen.getByRole('button', { name: 'Add image' }))
    const file = new File(['x'], 'photo.png', { type: 'image/png' })
    fireEvent.change(await screen.findByLabelText('Choose images'), { target: { files: [file] } })
    await waitFor(() => expect(api.callsTo('POST /local-image/uploadImage')).toHaveLength(1))
    expect((api.callsTo('POST /local-image/uploadImage')[0].body as FormData).get('moduleName')).toBe('chatImage')
    await screen.findByRole('button', { name: 'Remove photo-1.png' })
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(socket.emitsOf('send')).toHaveLength(1))
    expect(socket.emitsOf('send')[0]).toMatchObject({ roomId: 'r1', text: '', image: 'photo-1.png' })
    expect(await within(log()).findByRole('img', { name: 'Chat image' })).toBeTruthy()
  })

  it('Clear chat asks first, then clears the history through REST', async () => {
    api.on('DELETE /admin/chat/clearChatHistory/r1', [
      200,
      {
        message: 'Chat history cleared successfully',
        data: { ...ann, lastMessage: null, lastMessageAt: null, unread: 0 },
      },
    ])
    await openChat()
    await openAnn()
    await userEvent.click(screen.getByRole('button', { name: /Clear chat/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure you want to clear this chat history ?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Chat history cleared successfully')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Message number 20')).toBeNull())
    expect(api.callsTo('DELETE /admin/chat/clearChatHistory/r1')).toHaveLength(1)
    expect(within(log()).getByText('No messages yet')).toBeTruthy()
  })

  it('New conversation opens a room with the chosen donor; no donor chosen is refused', async () => {
    api.on('POST /admin/user/userList', [
      200,
      {
        message: 'ok',
        data: [{ _id: 'd9', firstName: 'Cara', lastName: 'New', email: 'cara@example.org' }],
        total_records: 1,
      },
    ])
    const cara = room('r9', 'Cara New')
    api.on('POST /admin/chat/createRoom', [200, { message: 'Room opened successfully', data: cara }])
    socket.answer('join', (p) => ok({ room: p.roomId === 'r9' ? cara : ann }))
    socket.answer('history', () => ok({ list: [], hasMore: false }))
    await openChat()
    await userEvent.click(screen.getByRole('button', { name: /New conversation/ }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open chat' }))
    expect(await within(dialog).findByText('Please select a user')).toBeTruthy()
    expect(api.callsTo('POST /admin/chat/createRoom')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'User' }))
    await userEvent.click(await screen.findByText('Cara New (cara@example.org)'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open chat' }))
    expect(await screen.findByText('Room opened successfully')).toBeTruthy()
    expect(api.callsTo('POST /admin/chat/createRoom')[0].body).toEqual({ userId: 'd9' })
    expect(await screen.findByRole('region', { name: 'Chat with Cara New' })).toBeTruthy()
    expect(socket.emitsOf('join').at(-1)).toEqual({ roomId: 'r9' })
  })

  it('a sub-admin with view only reads but gets no send box, no Clear chat and no New conversation', async () => {
    await openChat(subAdmin({ '/chat': ['view'] }))
    await openAnn()
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Clear chat/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /New conversation/ })).toBeNull()
    expect(screen.getByText('You can read this conversation but not reply.')).toBeTruthy()
  })

  it('a refused handshake shows Offline with the server text; leaving the screen disconnects', async () => {
    const view = renderApp('/chat', mainAdmin)
    await screen.findByRole('region', { name: 'Conversations' }, LOAD)
    // A network failure: socket.io tries again by itself.
    socket.fire('connect_error', Object.assign(new Error('websocket error'), { type: 'TransportError' }))
    expect(await screen.findByText('Reconnecting…')).toBeTruthy()
    // A refusal (socketioxide sends the text only): socket.io stops trying.
    socket.active = false
    socket.fire('connect_error', new Error('You are not allowed to do this'))
    expect(await screen.findByText('Offline')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('You are not allowed to do this')
    view.unmount()
    expect(socket.disconnected).toBe(true)
    expect(useChat.getState().users).toEqual([])
  })

  it('on a phone the list and the conversation are two panes switched by selection, with a back button', async () => {
    const restore = pretendSmallScreen()
    try {
      await openChat()
      await openAnn()
      expect(screen.queryByRole('region', { name: 'Conversations' })).toBeNull()
      await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }))
      expect(await screen.findByRole('region', { name: 'Conversations' })).toBeTruthy()
      expect(screen.queryByRole('log', { name: 'Messages' })).toBeNull()
      await waitFor(() => expect(socket.emitsOf('leave')).toEqual([{ roomId: 'r1' }]))
    } finally {
      restore()
    }
  })
})
