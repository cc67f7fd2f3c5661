import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi, type MockApi } from '../../../testing/mock-api'
import { mainAdmin } from '../../../testing/users'
import { useSession } from '../../../lib/session'
import { FakeSocket } from '../screens/__tests__/fake-socket'

const made: { url: string; options: Record<string, unknown>; socket: FakeSocket }[] = []
vi.mock('socket.io-client', () => ({
  io: (url: string, options: Record<string, unknown>) => {
    const socket = new FakeSocket()
    socket.connect = vi.fn(() => socket)
    made.push({ url, options, socket })
    return socket
  },
}))

const { ChatError, openAdminSocket, request } = await import('../socket')

let api: MockApi

beforeEach(() => {
  made.length = 0
  api = mockApi()
  useSession.getState().signIn(mainAdmin)
})

afterEach(() => {
  api.restore()
  vi.useRealTimers()
})

describe('chat socket', () => {
  it('an acknowledgement resolves with its data; {ok:false} rejects with the message and code', async () => {
    const s = new FakeSocket()
    s.answer('users', () => ({ ok: true, data: { list: [] } }))
    s.answer('send', () => ({ ok: false, message: 'Please enter a message', code: 'validation' }))
    await expect(request(s, 'users', {})).resolves.toEqual({ list: [] })
    const error = await request(s, 'send', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChatError)
    expect(error).toMatchObject({ message: 'Please enter a message', code: 'validation' })
  })

  it('no acknowledgement in time rejects with code timeout', async () => {
    vi.useFakeTimers()
    const s = new FakeSocket()
    const pending = request(s, 'history', {}, 1000).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await pending).toMatchObject({ code: 'timeout' })
  })

  it('connects to /admin on /socket.io/ with the session token, read again at each attempt', async () => {
    openAdminSocket()
    expect(made[0].url).toBe('/admin')
    expect(made[0].options.path).toBe('/socket.io/')
    const auth = made[0].options.auth as (cb: (data: unknown) => void) => void
    const seen: unknown[] = []
    auth((d) => seen.push(d))
    useSession.getState().setTokens({ authToken: 'auth-new' })
    auth((d) => seen.push(d))
    expect(seen).toEqual([{ token: 'auth-main' }, { token: 'auth-new' }])
  })

  it("a handshake refused with 'token_expired' refreshes the token and connects again", async () => {
    api.on('POST /v1/common/refreshToken', [200, { message: 'ok', data: { authToken: 'auth-fresh' } }])
    openAdminSocket()
    const { socket } = made[0]
    socket.fire('connect_error', Object.assign(new Error('Token expired'), { data: { code: 'token_expired' } }))
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1))
    expect(useSession.getState().user?.authToken).toBe('auth-fresh')
    // Any other refusal does not try again.
    socket.fire(
      'connect_error',
      Object.assign(new Error('You are not allowed to do this'), { data: { code: 'forbidden' } }),
    )
    expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(1)
  })

  it('a handshake refused after another tab stored a newer token connects with it, without a refresh', async () => {
    api.on('POST /v1/common/refreshToken', [200, { message: 'ok', data: { authToken: 'auth-fresh' } }])
    openAdminSocket()
    const { socket, options } = made[0]
    const auth = options.auth as (cb: (data: unknown) => void) => void
    auth(() => {})
    // Another tab refreshed meanwhile: its token is stored, and this tab's session follows it.
    useSession.getState().setTokens({ authToken: 'auth-other-tab' })
    socket.fire('connect_error', Object.assign(new Error('Token expired'), { data: { code: 'token_expired' } }))
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1))
    expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(0)
    expect(useSession.getState().user?.authToken).toBe('auth-other-tab')
  })

  it('reads the code from the text when the refusal carries no data (socketioxide)', async () => {
    const { handshakeCode } = await import('../socket')
    expect(handshakeCode(new Error('Your session token has expired. Please sign in again.'))).toBe('token_expired')
    expect(handshakeCode(new Error('You are not allowed to do this'))).toBe('forbidden')
    expect(handshakeCode(new Error('Please sign in to continue'))).toBe('unauthorized')
    expect(handshakeCode(Object.assign(new Error('x'), { data: { code: 'forbidden' } }))).toBe('forbidden')
    api.on('POST /v1/common/refreshToken', [200, { message: 'ok', data: { authToken: 'auth-fresh' } }])
    openAdminSocket()
    const { socket } = made[0]
    socket.fire('connect_error', new Error('Your session token has expired'))
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1))
  })

  it('a server disconnect (an event answered token_expired) refreshes and connects again', async () => {
    api.on('POST /v1/common/refreshToken', [200, { message: 'ok', data: { authToken: 'auth-fresh' } }])
    openAdminSocket()
    const { socket } = made[0]
    socket.fire('disconnect', 'transport close')
    expect(socket.connect).not.toHaveBeenCalled()
    socket.fire('disconnect', 'io server disconnect')
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1))
  })
})
