import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
  registerToastInstance: vi.fn(),
  TOAST_DURATION_SECONDS: 5,
  TOAST_PLACEMENT: 'topRight',
}))

import { apiClient, NETWORK_ERROR_MESSAGE, FORBIDDEN_FALLBACK_MESSAGE } from '../api-client'
import { REFRESH_LOCK, TOKEN_LOCK_PREFIX } from '../tabs'
import { useLoading } from '../loading'
import { useSession, SESSION_STORAGE_KEY } from '../session'
import { toast } from '../toast'
import { mockApi, type MockApi } from '../../testing/mock-api'
import { mainAdmin } from '../../testing/users'

const expired = [403, { message: 'Token expired', code: 'TOKEN_EXPIRED', errors: [] }] as const
const refreshed = [200, { message: 'ok', data: { authToken: 'auth-2', refreshToken: 'refresh-2' } }] as const

let api: MockApi

beforeEach(() => {
  useSession.getState().signIn(mainAdmin)
  useLoading.setState({ pending: 0 })
  api = mockApi()
})

afterEach(() => {
  api.restore()
  vi.mocked(toast.error).mockClear()
})

describe('request client', () => {
  it('sends the stored auth token as a bearer header', async () => {
    api.on('GET /v1/common/getAllCountry', [200, { message: 'ok', data: [] }])
    await apiClient.get('/v1/common/getAllCountry')
    expect(api.calls[0].headers.Authorization).toBe('Bearer auth-main')
  })

  it('refreshes once on 403 TOKEN_EXPIRED and retries the request once with the new token', async () => {
    api
      .on('POST /v1/common/refreshToken', [...refreshed])
      .on('GET /admin/sub-admin/get/1', (call) =>
        call.headers.Authorization === 'Bearer auth-2' ? [200, { message: 'ok', data: { _id: '1' } }] : [...expired],
      )

    const res = await apiClient.get('/admin/sub-admin/get/1')

    expect(res.data.data._id).toBe('1')
    const refreshes = api.callsTo('POST /v1/common/refreshToken')
    expect(refreshes).toHaveLength(1)
    expect(refreshes[0].body).toEqual({ token: 'refresh-main' })
    expect(refreshes[0].headers.Authorization).toBeUndefined()
    expect(api.callsTo('GET /admin/sub-admin/get/1')).toHaveLength(2)
    expect(useSession.getState().user?.authToken).toBe('auth-2')
    expect(useSession.getState().user?.refreshToken).toBe('refresh-2')
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state.user.authToken).toBe('auth-2')
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('retries only once: a second TOKEN_EXPIRED ends the session', async () => {
    api.on('POST /v1/common/refreshToken', [...refreshed]).on('GET /admin/x', [...expired])

    await expect(apiClient.get('/admin/x')).rejects.toBeTruthy()

    expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(1)
    expect(api.callsTo('GET /admin/x')).toHaveLength(2)
    expect(useSession.getState().user).toBeNull()
  })

  it('shares one refresh between concurrent 403 TOKEN_EXPIRED answers', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    api
      .on('POST /v1/common/refreshToken', async () => {
        await gate
        return [...refreshed]
      })
      .on('GET /admin/a', (call) =>
        call.headers.Authorization === 'Bearer auth-2' ? [200, { data: 'a' }] : [...expired],
      )
      .on('GET /admin/b', (call) =>
        call.headers.Authorization === 'Bearer auth-2' ? [200, { data: 'b' }] : [...expired],
      )

    const both = Promise.all([apiClient.get('/admin/a'), apiClient.get('/admin/b')])
    await vi.waitFor(() => expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(1))
    release()
    const [a, b] = await both

    expect(a.data.data).toBe('a')
    expect(b.data.data).toBe('b')
    expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(1)
    expect(api.callsTo('GET /admin/a')).toHaveLength(2)
    expect(api.callsTo('GET /admin/b')).toHaveLength(2)
  })

  it('does not refresh again for a 403 that arrives after the refresh finished', async () => {
    let releaseLate: () => void = () => {}
    const late = new Promise<void>((resolve) => {
      releaseLate = resolve
    })
    api
      .on('POST /v1/common/refreshToken', [...refreshed])
      .on('GET /admin/fast', (call) =>
        call.headers.Authorization === 'Bearer auth-2' ? [200, { data: 'fast' }] : [...expired],
      )
      .on('GET /admin/late', async (call) => {
        if (call.headers.Authorization === 'Bearer auth-2') return [200, { data: 'late' }]
        await late
        return [...expired]
      })

    const slow = apiClient.get('/admin/late')
    await apiClient.get('/admin/fast')
    releaseLate()
    expect((await slow).data.data).toBe('late')
    expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(1)
  })

  it('in cookie mode sends no refresh token: the HttpOnly cookie carries it', async () => {
    const { refreshToken: _, ...cookieUser } = mainAdmin
    useSession.getState().signIn(cookieUser)
    api
      .on('POST /v1/common/refreshToken', [200, { message: 'ok', data: { authToken: 'auth-2' } }])
      .on('GET /admin/x', (call) =>
        call.headers.Authorization === 'Bearer auth-2' ? [200, { data: 'x' }] : [...expired],
      )

    expect((await apiClient.get('/admin/x')).data.data).toBe('x')

    const [refresh] = api.callsTo('POST /v1/common/refreshToken')
    expect(refresh.body).toEqual({})
    expect(refresh.headers['X-Refresh-Cookie']).toBe('1')
    expect(api.calls[0].headers['X-Refresh-Cookie']).toBe('1')
    const saved = localStorage.getItem(SESSION_STORAGE_KEY) ?? ''
    expect(JSON.parse(saved).state.user.authToken).toBe('auth-2')
    expect(saved).not.toContain('refreshToken')
  })

  describe('across tabs (Web Locks)', () => {
    /** A lock manager as the browser's is across tabs: one holder a name at a time, and `query`. */
    function installLocks() {
      const tails = new Map<string, Promise<unknown>>()
      const held = new Set<string>()
      const requested: string[] = []
      const locks = {
        request: (name: string, task: () => Promise<unknown>) => {
          requested.push(name)
          const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
            held.add(name)
            try {
              return await task()
            } finally {
              held.delete(name)
            }
          })
          tails.set(
            name,
            run.catch(() => undefined),
          )
          return run
        },
        query: async () => ({ held: [...held].map((name) => ({ name, mode: 'exclusive' })), pending: [] }),
      }
      Object.defineProperty(navigator, 'locks', { value: locks, configurable: true })
      return requested
    }

    /** The other tab, holding the refresh lock until `finishOther`. */
    function otherTabRefreshing() {
      let finishOther: () => void = () => {}
      const otherTab = navigator.locks.request(
        REFRESH_LOCK,
        () => new Promise<void>((resolve) => (finishOther = resolve)),
      )
      return { finishOther: () => finishOther(), otherTab }
    }

    /** GET /admin/x answers with `token` only (expired otherwise); a refresh gives auth-2. */
    function answerXFor(token: string) {
      api
        .on('POST /v1/common/refreshToken', [...refreshed])
        .on('GET /admin/x', (call) =>
          call.headers.Authorization === `Bearer ${token}` ? [200, { data: 'x' }] : [...expired],
        )
    }

    /** An access token the client can read the expiry of (it is not checked here). */
    const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`

    afterEach(() => {
      Reflect.deleteProperty(navigator, 'locks')
    })

    it('two concurrent 403s refresh once, inside the lock', async () => {
      const requested = installLocks()
      api
        .on('POST /v1/common/refreshToken', [...refreshed])
        .on('GET /admin/a', (call) =>
          call.headers.Authorization === 'Bearer auth-2' ? [200, { data: 'a' }] : [...expired],
        )
        .on('GET /admin/b', (call) =>
          call.headers.Authorization === 'Bearer auth-2' ? [200, { data: 'b' }] : [...expired],
        )

      const [a, b] = await Promise.all([apiClient.get('/admin/a'), apiClient.get('/admin/b')])

      expect([a.data.data, b.data.data]).toEqual(['a', 'b'])
      expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(1)
      // The lock, then the new token announced to the other tabs.
      expect(requested).toEqual([REFRESH_LOCK, expect.stringMatching(new RegExp(`^${TOKEN_LOCK_PREFIX}\\d+ auth-2$`))])
    })

    it('a tab that waited for the lock uses the token the other tab stored instead of refreshing', async () => {
      installLocks()
      // The other tab holds the lock while it refreshes.
      const { finishOther, otherTab } = otherTabRefreshing()
      answerXFor('auth-other')

      const pending = apiClient.get('/admin/x')
      await vi.waitFor(() => expect(api.callsTo('GET /admin/x')).toHaveLength(1))
      // The other tab stores its new session, then lets go of the lock.
      const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')
      saved.state.user.authToken = 'auth-other'
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(saved))
      finishOther()
      await otherTab

      expect((await pending).data.data).toBe('x')
      expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(0)
      expect(api.callsTo('GET /admin/x')[1].headers.Authorization).toBe('Bearer auth-other')
      expect(useSession.getState().user?.authToken).toBe('auth-other')
    })
    it('a tab granted the lock uses the token the other tab announced, before its storage shows it', async () => {
      installLocks()
      useSession.getState().setTokens({ authToken: jwt(100) })
      const { finishOther, otherTab } = otherTabRefreshing()
      answerXFor(jwt(200))

      const pending = apiClient.get('/admin/x')
      await vi.waitFor(() => expect(api.callsTo('GET /admin/x')).toHaveLength(1))
      // The other tab announces its new token and lets go of the lock; its storage write has
      // not reached this tab (the stored session still holds the refused token).
      void navigator.locks.request(`${TOKEN_LOCK_PREFIX}${Date.now()} ${jwt(200)}`, () => new Promise(() => {}))
      finishOther()
      await otherTab

      expect((await pending).data.data).toBe('x')
      expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(0)
      expect(useSession.getState().user?.authToken).toBe(jwt(200))
    })

    it('a token announced before the refused one (an earlier session) is not used: it refreshes', async () => {
      const requested = installLocks()
      void navigator.locks.request(`${TOKEN_LOCK_PREFIX}1 ${jwt(50)}`, () => new Promise(() => {}))
      useSession.getState().setTokens({ authToken: jwt(100) })
      answerXFor('auth-2')

      expect((await apiClient.get('/admin/x')).data.data).toBe('x')
      expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(1)
      // This tab's new token replaces nothing of the other's, and is announced in its turn.
      expect(requested.at(-1)).toMatch(new RegExp(`^${TOKEN_LOCK_PREFIX}\\d+ auth-2$`))
    })
  })

  it('logs out when the refresh fails', async () => {
    api
      .on('POST /v1/common/refreshToken', [401, { message: 'Invalid token', code: 'UNAUTHORIZED' }])
      .on('GET /admin/x', [...expired])

    await expect(apiClient.get('/admin/x')).rejects.toBeTruthy()

    expect(useSession.getState().user).toBeNull()
    expect(api.callsTo('GET /admin/x')).toHaveLength(1)
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state.user).toBeNull()
  })

  it('does not refresh on 403 FORBIDDEN and shows the server message', async () => {
    api.on('DELETE /admin/sub-admin/delete/1', [403, { message: 'Permission denied', code: 'FORBIDDEN' }])

    await expect(apiClient.delete('/admin/sub-admin/delete/1')).rejects.toBeTruthy()

    expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(0)
    expect(toast.error).toHaveBeenCalledWith('Permission denied')
    expect(useSession.getState().user).not.toBeNull()
  })

  it('falls back to a fixed text for a FORBIDDEN answer without message', async () => {
    api.on('GET /admin/y', [403, { code: 'FORBIDDEN' }])
    await expect(apiClient.get('/admin/y')).rejects.toBeTruthy()
    expect(toast.error).toHaveBeenCalledWith(FORBIDDEN_FALLBACK_MESSAGE)
  })

  it('logs out on 401', async () => {
    api.on('GET /admin/z', [401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }])

    await expect(apiClient.get('/admin/z')).rejects.toBeTruthy()

    expect(useSession.getState().user).toBeNull()
    expect(api.callsTo('POST /v1/common/refreshToken')).toHaveLength(0)
  })

  it('shows the exact network-failure message when there is no response', async () => {
    api.on('GET /admin/down', 'network-error')

    await expect(apiClient.get('/admin/down')).rejects.toBeTruthy()

    expect(toast.error).toHaveBeenCalledWith('Something went wrong, Please try again later!!!')
    expect(NETWORK_ERROR_MESSAGE).toBe('Something went wrong, Please try again later!!!')
    expect(useSession.getState().user).not.toBeNull()
  })

  it('shows the server message of other failures', async () => {
    api.on('POST /admin/sub-admin/create', [409, { message: 'Email already exists', code: 'CONFLICT', errors: [] }])
    await expect(apiClient.post('/admin/sub-admin/create', {})).rejects.toBeTruthy()
    expect(toast.error).toHaveBeenCalledWith('Email already exists')
  })

  it('stays silent when the caller handles the failure', async () => {
    api.on('POST /admin/sub-admin/forgotPassword', [400, { message: 'bad' }])
    await expect(apiClient.post('/admin/sub-admin/forgotPassword', {}, { skipErrorToast: true })).rejects.toBeTruthy()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('counts requests in flight for the global spinner', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    api.on('GET /slow', async () => {
      await gate
      return [200, {}]
    })
    api.on('GET /fails', [500, { message: 'boom' }])

    const slow = apiClient.get('/slow')
    const failing = apiClient.get('/fails').catch(() => undefined)
    await vi.waitFor(() => expect(api.calls).toHaveLength(2))
    expect(useLoading.getState().pending).toBeGreaterThanOrEqual(1)
    await failing
    expect(useLoading.getState().pending).toBe(1)
    release()
    await slow
    expect(useLoading.getState().pending).toBe(0)
  })

  it('leaves out of the counter a call that shows its own progress', async () => {
    let release = () => {}
    api.on('GET /admin/search', () => new Promise((done) => (release = () => done([200, {}]))))
    const quiet = apiClient.get('/admin/search', { skipLoadingCounter: true })
    await new Promise((r) => setTimeout(r, 0))
    expect(useLoading.getState().pending).toBe(0)
    release()
    await quiet
    expect(useLoading.getState().pending).toBe(0)
  })

  it('keeps the counter balanced through a refresh and retry', async () => {
    api
      .on('POST /v1/common/refreshToken', [...refreshed])
      .on('GET /admin/r', (call) => (call.headers.Authorization === 'Bearer auth-2' ? [200, {}] : [...expired]))
    await apiClient.get('/admin/r')
    expect(useLoading.getState().pending).toBe(0)
  })
})
