import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
  registerToastInstance: vi.fn(),
  TOAST_DURATION_SECONDS: 5,
  TOAST_PLACEMENT: 'topRight',
}))

import { apiClient, errorMessage, isApiError, isCancel, NETWORK_ERROR_MESSAGE, showError } from '../api-client'
import { binaryOrJson } from '../download'
import { buildUrl, fullPath } from '../http'
import { useLoading } from '../loading'
import { useSession } from '../session'
import { toast } from '../toast'
import { mainAdmin } from '../../testing/users'

/** The real transport, with the browser's fetch replaced: what was asked, and one answer. */
function stubFetch(answer: () => Response | Promise<Response> = () => json(200, { message: 'ok' })) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(answer()))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

beforeEach(() => {
  useSession.getState().signIn(mainAdmin)
  useLoading.setState({ pending: 0 })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.mocked(toast.error).mockClear()
})

describe('query parameters', () => {
  it('are serialised as axios did: no undefined or null, arrays as key[], its encoding', () => {
    expect(buildUrl('/x', { search: 'a b,c:d$', limit: 20, empty: '', gone: undefined, none: null })).toBe(
      '/x?search=a+b,c:d$&limit=20&empty=',
    )
    expect(buildUrl('/x', { ids: [1, null, 2], on: true })).toBe('/x?ids%5B%5D=1&ids%5B%5D=2&on=true')
    expect(buildUrl('/x', { at: new Date(Date.UTC(2024, 2, 1)) })).toBe('/x?at=2024-03-01T00:00:00.000Z')
    expect(buildUrl('/x', { range: { from: 1, to: undefined } })).toBe('/x?range%5Bfrom%5D=1')
    expect(buildUrl('/x?a=1#top', { b: 'é&=' })).toBe('/x?a=1&b=%C3%A9%26%3D')
    expect(buildUrl('/x', {})).toBe('/x')
    expect(buildUrl('/x')).toBe('/x')
  })

  it('go on the URL the request asks, under the base URL', async () => {
    const fetch = stubFetch()
    await apiClient.get('/admin/list', { params: { page: 2, search: 'food bank', column: undefined } })
    expect(fetch.mock.calls[0][0]).toBe('/admin/list?page=2&search=food+bank')
    expect(fullPath('https://api.example.org/', '/v1/x')).toBe('https://api.example.org/v1/x')
    expect(fullPath('https://api.example.org', 'https://other.example.org/y')).toBe('https://other.example.org/y')
    expect(fullPath('', '/v1/x')).toBe('/v1/x')
  })
})

describe('bodies and headers', () => {
  it('sends an object as JSON, with the bearer token and the refresh-cookie header', async () => {
    const fetch = stubFetch()
    const res = await apiClient.post('/admin/x', { name: 'Clean Water' })
    const init = fetch.mock.calls[0][1]
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"name":"Clean Water"}')
    expect(init.headers).toEqual({
      Accept: 'application/json, text/plain, */*',
      'Content-Type': 'application/json',
      'X-Refresh-Cookie': '1',
      Authorization: 'Bearer auth-main',
    })
    expect(init.credentials).toBe('same-origin')
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ message: 'ok' })
    expect(res.headers.get('content-type')).toBe('application/json')
  })

  it('sends FormData without Content-Type (the browser writes it with the boundary)', async () => {
    const fetch = stubFetch()
    const form = new FormData()
    form.append('moduleName', 'charity')
    await apiClient.post('/local-image/uploadImage', form, { headers: { 'content-type': 'multipart/form-data' } })
    const init = fetch.mock.calls[0][1]
    expect(init.body).toBe(form)
    expect(Object.keys(init.headers as object).map((name) => name.toLowerCase())).not.toContain('content-type')
  })

  it('sends no body and no Content-Type without data; cookies to another origin when asked', async () => {
    const fetch = stubFetch()
    await apiClient.get('/v1/x')
    await apiClient.post('/v1/common/refreshToken', undefined, { withCredentials: true, skipAuthHeader: true })
    expect(fetch.mock.calls[0][1].body).toBeUndefined()
    expect(fetch.mock.calls[0][1].headers).not.toHaveProperty('Content-Type')
    expect(fetch.mock.calls[1][1].credentials).toBe('include')
    expect(fetch.mock.calls[1][1].headers).not.toHaveProperty('Authorization')
  })

  it('reads a text answer that is not JSON as text', async () => {
    stubFetch(() => new Response('plain', { status: 200 }))
    expect((await apiClient.get('/x')).data).toBe('plain')
  })
})

describe('failures', () => {
  it('a status outside 2xx fails with the answer, its JSON body read', async () => {
    stubFetch(() => json(409, { message: 'Email already exists', code: 'CONFLICT' }))
    const error = await apiClient.post('/admin/sub-admin/create', {}, { skipErrorToast: true }).catch((e) => e)
    expect(isApiError(error)).toBe(true)
    expect(error.code).toBe('ERR_BAD_REQUEST')
    expect(error.response.status).toBe(409)
    expect(error.response.data).toEqual({ message: 'Email already exists', code: 'CONFLICT' })
    expect(errorMessage(error)).toBe('Email already exists')
    expect(useLoading.getState().pending).toBe(0)
  })

  it('no answer (network failure): the network message, as a toast and for the screen', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const error = await apiClient.get('/admin/down').catch((e) => e)
    expect(isApiError(error)).toBe(true)
    expect(error.code).toBe('ERR_NETWORK')
    expect(error.response).toBeUndefined()
    expect(errorMessage(error)).toBe(NETWORK_ERROR_MESSAGE)
    expect(toast.error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE)
    expect(useLoading.getState().pending).toBe(0)
  })

  it("a cancelled request: 'Request aborted', and no toast", async () => {
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          )
        }),
    )
    vi.stubGlobal('fetch', fetch)
    const controller = new AbortController()
    const pending = apiClient.get('/admin/slow', { signal: controller.signal }).catch((e) => e)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    expect(useLoading.getState().pending).toBe(1)
    controller.abort()
    const error = await pending
    expect(isCancel(error)).toBe(true)
    expect(errorMessage(error)).toBe('Request aborted')
    showError(error)
    expect(toast.error).not.toHaveBeenCalled()
    expect(useLoading.getState().pending).toBe(0)
    // Aborted before it was sent: never sent.
    await expect(apiClient.get('/admin/slow', { signal: controller.signal })).rejects.toSatisfy(isCancel)
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('downloads', () => {
  it('reports the bytes received and turns the answer into a Blob of its type', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 5, 6])
    stubFetch(() => new Response(bytes, { status: 200, headers: { 'Content-Length': String(bytes.length) } }))
    const progress = vi.fn()
    const res = await apiClient.get('/v1/event/eventDetailsExport/e1', {
      responseType: 'arraybuffer',
      transformResponse: binaryOrJson('application/xlsx'),
      onDownloadProgress: progress,
    })
    expect(res.data).toBeInstanceOf(Blob)
    expect((res.data as Blob).size).toBe(bytes.length)
    expect((res.data as Blob).type).toBe('application/xlsx')
    expect(progress).toHaveBeenLastCalledWith({ loaded: bytes.length, total: bytes.length })
  })

  it("a failed download's JSON body gives the server's message", async () => {
    stubFetch(() => json(503, { message: 'Export is not possible now' }))
    const error = await apiClient
      .post('/admin/cause/causeList-excel', {}, { responseType: 'arraybuffer', transformResponse: binaryOrJson('x') })
      .catch((e) => e)
    expect(errorMessage(error)).toBe('Export is not possible now')
    expect(toast.error).toHaveBeenCalledWith('Export is not possible now')
  })
})

describe('upload progress', () => {
  /** The XMLHttpRequest a request made, answered by the test. */
  class FakeXhr {
    static last: FakeXhr | null = null
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    method = ''
    url = ''
    headers: Record<string, string> = {}
    body: unknown
    withCredentials = false
    responseType = ''
    status = 0
    response: unknown = null
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onprogress: ((event: ProgressEvent) => void) | null = null
    constructor() {
      FakeXhr.last = this
    }
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    send(body: unknown) {
      this.body = body
    }
    abort() {
      this.onabort?.()
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\nx-request-id: r1\r\n'
    }
    answer(status: number, body: unknown) {
      this.status = status
      this.response = new TextEncoder().encode(JSON.stringify(body)).buffer
      this.onload?.()
    }
  }

  it('goes through XMLHttpRequest, reporting the bytes sent; other requests use fetch', async () => {
    const fetch = stubFetch()
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const form = new FormData()
    form.append('file', new File(['EIN\n'], 'bmf.csv'))
    const progress = vi.fn()
    const pending = apiClient.post('/admin/charity/import', form, { onUploadProgress: progress })
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBe(form))
    const xhr = FakeXhr.last as FakeXhr
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/admin/charity/import')
    expect(xhr.headers.Authorization).toBe('Bearer auth-main')
    expect(Object.keys(xhr.headers).map((name) => name.toLowerCase())).not.toContain('content-type')
    xhr.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true } as ProgressEvent)
    xhr.upload.onprogress?.({ loaded: 80, total: 0, lengthComputable: false } as ProgressEvent)
    expect(progress.mock.calls).toEqual([[{ loaded: 50, total: 200 }], [{ loaded: 80, total: undefined }]])
    xhr.answer(200, { message: 'ok', data: { importId: 'imp-1' } })
    const res = await pending
    expect(res.data.data.importId).toBe('imp-1')
    expect(res.headers.get('x-request-id')).toBe('r1')
    expect(fetch).not.toHaveBeenCalled()
    expect(useLoading.getState().pending).toBe(0)
  })

  it('an upload that fails to reach the server: the network message', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    FakeXhr.last = null
    const pending = apiClient
      .post('/admin/charity/import', new FormData(), { onUploadProgress: () => {} })
      .catch((e) => e)
    const sent = () => FakeXhr.last as FakeXhr | null
    await vi.waitFor(() => expect(sent()?.onerror).toBeTruthy())
    sent()?.onerror?.()
    expect(errorMessage(await pending)).toBe(NETWORK_ERROR_MESSAGE)
    expect(toast.error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE)
  })
})
