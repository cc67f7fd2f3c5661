/**
 * The HTTP layer under the request client (api-client.ts): the request and answer shapes, the
 * error of a failed call, the URL and body a config makes, and the transport that sends them
 * (fetch; XMLHttpRequest only for a request that asks for upload progress, which fetch cannot
 * report). No session, toast or retry policy lives here: that is the client's.
 */

export type ResponseType = 'json' | 'text' | 'arraybuffer' | 'blob'

/** Progress of an upload or a download: bytes so far, and the size when it is known. */
export interface ProgressInfo {
  loaded: number
  total?: number
}

export interface RequestConfig {
  url?: string
  /** 'get', 'post', ... (any case). */
  method?: string
  baseURL?: string
  /** Query parameters: undefined and null are left out, an array is repeated as `key[]=`. */
  params?: object
  /** The body: an object or array is sent as JSON, FormData as multipart (the browser sets the boundary). */
  data?: unknown
  headers?: Record<string, string | undefined>
  /** How the answer's body is read (default: JSON when it parses, else text). */
  responseType?: ResponseType
  signal?: AbortSignal
  /** Send cookies to another origin too (they always go to the same origin). */
  withCredentials?: boolean
  onUploadProgress?: (event: ProgressInfo) => void
  onDownloadProgress?: (event: ProgressInfo) => void
  /** Turns the body read (see responseType) into the answer's `data`, for successes and failures. */
  transformResponse?: (data: unknown, headers: Headers, status: number) => unknown
  /** The caller shows the failure itself; the client stays silent. */
  skipErrorToast?: boolean
  /** The caller shows its own progress (a search as one types): the global spinner leaves it out. */
  skipLoadingCounter?: boolean
  /** Do not refresh on 403 (used by the refresh and logout calls). */
  skipAuthRefresh?: boolean
  /** Send no bearer token (the refresh call carries its token in the cookie). */
  skipAuthHeader?: boolean
}

/** A config as sent: method, url and headers resolved (the defaults merged in). */
export interface SentConfig extends RequestConfig {
  method: string
  url: string
  headers: Record<string, string>
  /** Set once the request was retried after a token refresh. */
  _retried?: boolean
  /** True while this request is counted in the loading counter. */
  _counted?: boolean
}

// `any` as axios had it: call sites that name no type read the answer freely.
export interface ApiResponse<T = any> {
  data: T
  status: number
  headers: Headers
}

/** What a transport is asked to send: the full URL, the headers and the encoded body. */
export interface TransportRequest {
  /** Upper case: 'GET', 'POST', ... */
  method: string
  url: string
  headers: Record<string, string>
  body?: BodyInit
  config: SentConfig
}

/** What a transport answers, whatever the status; `data` is the body read as `responseType` asks. */
export interface TransportResponse {
  status: number
  headers: Headers
  data: unknown
}

/** Sends one request. It throws only when no answer came (network failure, or aborted). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>

export const ERR_NETWORK = 'ERR_NETWORK'
export const ERR_CANCELED = 'ERR_CANCELED'
export const ERR_BAD_REQUEST = 'ERR_BAD_REQUEST'
export const ERR_BAD_RESPONSE = 'ERR_BAD_RESPONSE'

/**
 * A failed call: `response` when the server answered (a status outside 2xx), none when no answer
 * came (`code` ERR_NETWORK, or ERR_CANCELED for an aborted request).
 */
export class ApiError extends Error {
  readonly isApiError = true
  readonly code?: string
  readonly config?: SentConfig
  readonly response?: ApiResponse<unknown>

  constructor(message: string, code?: string, config?: SentConfig, response?: ApiResponse<unknown>) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.config = config
    this.response = response
  }

  get status(): number | undefined {
    return this.response?.status
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** True for a request that was aborted (its `signal`), which no one needs to hear about. */
export function isCancel(error: unknown): boolean {
  return isApiError(error) && error.code === ERR_CANCELED
}

/** The header of that name, whatever its case. */
export function getHeader(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase()
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) return headers[key]
  return undefined
}

/** Sets (or, without a value, removes) the header of that name, whatever its case. */
export function setHeader(headers: Record<string, string>, name: string, value?: string): void {
  const lower = name.toLowerCase()
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) delete headers[key]
  if (value !== undefined) headers[name] = value
}

/** `base` then `extra`, a header of `extra` replacing the one of `base` whatever its case. */
export function mergeHeaders(
  base: Record<string, string>,
  extra?: Record<string, string | undefined>,
): Record<string, string> {
  const merged = { ...base }
  for (const [name, value] of Object.entries(extra ?? {})) if (value !== undefined) setHeader(merged, name, value)
  return merged
}

/** A query value encoded as axios did: `:`, `$`, `,` kept, a space as `+`. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+')
}

function queryValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  return String(value)
}

/** The pairs of a params object, as axios's default serialiser wrote them. */
function queryPairs(value: unknown, key: string, pairs: Array<[string, string]>, top: boolean): void {
  if (value === undefined || value === null) return
  if (Array.isArray(value) && top && value.every((item) => item === null || typeof item !== 'object')) {
    for (const item of value) if (item !== undefined && item !== null) pairs.push([`${key}[]`, queryValue(item)])
    return
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [name, item] of Object.entries(value)) queryPairs(item, `${key}[${name.trim()}]`, pairs, false)
    return
  }
  pairs.push([key, queryValue(value)])
}

/** `url` with the query string of `params`, serialised as axios did by default. */
export function buildUrl(url: string, params?: object): string {
  if (!params) return url
  const pairs: Array<[string, string]> = []
  for (const [name, value] of Object.entries(params)) queryPairs(value, name.trim(), pairs, true)
  const query = pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&')
  if (!query) return url
  const hash = url.indexOf('#')
  const bare = hash === -1 ? url : url.slice(0, hash)
  return `${bare}${bare.includes('?') ? '&' : '?'}${query}`
}

/** `url` under `baseURL`, unless it is absolute. */
export function fullPath(baseURL: string | undefined, url: string): string {
  if (!baseURL || /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url
  return url ? `${baseURL.replace(/\/?\/$/, '')}/${url.replace(/^\/+/, '')}` : baseURL
}

/**
 * The body to send for `data`, fixing `headers`: JSON for objects and arrays; FormData, a Blob or
 * URLSearchParams as they are, without Content-Type (the browser writes it, with the multipart
 * boundary); no body and no Content-Type without data.
 */
export function encodeBody(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined || data === null) {
    setHeader(headers, 'Content-Type')
    return undefined
  }
  if (data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) {
    setHeader(headers, 'Content-Type')
    return data
  }
  if (typeof data === 'string' || isArrayBuffer(data) || ArrayBuffer.isView(data)) return data as BodyInit
  return JSON.stringify(data)
}

/** An ArrayBuffer, from any realm. */
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]'
}

/** A body's bytes read as `type` asks: default JSON when it parses, else the text. */
function decodeBody(bytes: ArrayBuffer, type: ResponseType | undefined, contentType: string): unknown {
  if (type === 'arraybuffer') return bytes
  if (type === 'blob') return new Blob([bytes], { type: contentType })
  const text = new TextDecoder().decode(bytes)
  if (type === 'text' || !text) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The body of a fetch answer, telling `onProgress` of each part received. */
async function readBody(response: Response, onProgress?: (event: ProgressInfo) => void): Promise<ArrayBuffer> {
  if (!onProgress || !response.body) return response.arrayBuffer()
  // The length of a compressed answer counts other bytes than those read: no total then.
  const length = Number(response.headers.get('content-length'))
  const total = length > 0 && !response.headers.get('content-encoding') ? length : undefined
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let loaded = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    loaded += value.byteLength
    onProgress({ loaded, total })
  }
  const bytes = new Uint8Array(loaded)
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.byteLength
  }
  return bytes.buffer
}

async function fetchTransport({ method, url, headers, body, config }: TransportRequest): Promise<TransportResponse> {
  const response = await fetch(url, {
    method,
    headers,
    body,
    signal: config.signal,
    credentials: config.withCredentials ? 'include' : 'same-origin',
  })
  const bytes = await readBody(response, config.onDownloadProgress)
  return {
    status: response.status,
    headers: response.headers,
    data: decodeBody(bytes, config.responseType, response.headers.get('content-type') ?? ''),
  }
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers()
  for (const line of raw.split(/\r?\n/)) {
    const at = line.indexOf(':')
    if (at <= 0) continue
    try {
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
    } catch {
      // A header name the Headers class refuses: left out.
    }
  }
  return headers
}

function abortError(): DOMException {
  return new DOMException('canceled', 'AbortError')
}

/** XMLHttpRequest, for a request that asks for upload progress. */
function xhrTransport({ method, url, headers, body, config }: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const { signal, onUploadProgress, onDownloadProgress } = config
    if (signal?.aborted) {
      reject(abortError())
      return
    }
    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    const settle = () => signal?.removeEventListener('abort', onAbort)
    xhr.open(method, url, true)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.withCredentials = Boolean(config.withCredentials)
    xhr.responseType = 'arraybuffer'
    const progress = (listener?: (event: ProgressInfo) => void) => (event: ProgressEvent) =>
      listener?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined })
    if (onUploadProgress) xhr.upload.onprogress = progress(onUploadProgress)
    if (onDownloadProgress) xhr.onprogress = progress(onDownloadProgress)
    xhr.onload = () => {
      settle()
      const answered = parseHeaders(xhr.getAllResponseHeaders())
      const bytes = isArrayBuffer(xhr.response) ? xhr.response : new ArrayBuffer(0)
      resolve({
        status: xhr.status,
        headers: answered,
        data: decodeBody(bytes, config.responseType, answered.get('content-type') ?? ''),
      })
    }
    xhr.onerror = () => {
      settle()
      reject(new TypeError('Network Error'))
    }
    xhr.ontimeout = xhr.onerror
    xhr.onabort = () => {
      settle()
      reject(abortError())
    }
    signal?.addEventListener('abort', onAbort)
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null)
  })
}

/** The transport of the console: fetch, or XMLHttpRequest when upload progress is asked for. */
export const defaultTransport: Transport = (request) =>
  request.config.onUploadProgress ? xhrTransport(request) : fetchTransport(request)
