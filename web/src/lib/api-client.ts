/**
 * The one request client of the console (on fetch: http.ts is its transport). Every call is
 * `apiClient.get/post/put/patch/delete/request<T>(url, body?, config?)`, answering
 * `{ data, status, headers }` for a 2xx status and failing with an ApiError otherwise.
 *
 * - Adds `Authorization: Bearer <authToken>` from the stored session.
 * - Counts requests in flight for the global spinner.
 * - 403 TOKEN_EXPIRED: refreshes the tokens once (concurrent failures share one refresh,
 *   and tabs share one through a Web Lock: a tab that waited reuses the token the other
 *   stored) and retries the original request once; a failed refresh logs out.
 * - Asks for the refresh token in an HttpOnly cookie (`X-Refresh-Cookie: 1`): no script can
 *   read it, so it is never in localStorage (bff/API.md, "Refresh-token cookie").
 * - 403 FORBIDDEN: error toast, no refresh. 401: log out.
 * - Every other failure goes through one error handler that shows the server `message`.
 */
import { clearSession, currentUser, useSession } from './session'
import { useLoading } from './loading'
import { announceToken, announcedAfter, storedAuthToken, withRefreshLock } from './tabs'
import { toast } from './toast'
import {
  ApiError,
  defaultTransport,
  encodeBody,
  ERR_BAD_REQUEST,
  ERR_BAD_RESPONSE,
  ERR_CANCELED,
  ERR_NETWORK,
  buildUrl,
  fullPath,
  getHeader,
  isApiError,
  isCancel,
  mergeHeaders,
  setHeader,
  type ApiResponse,
  type RequestConfig,
  type SentConfig,
  type Transport,
} from './http'

export { ApiError, isApiError, isCancel, type ApiResponse, type RequestConfig, type Transport }

/** Success envelope of every BFF answer. */
export interface ApiEnvelope<T> {
  message: string
  data: T
  total_records?: number
}

export interface ApiFieldError {
  field: string
  message: string
}

/** Failure body of the BFF. */
export interface ApiErrorBody {
  message?: string
  code?: string
  errors?: ApiFieldError[]
}

export const NETWORK_ERROR_MESSAGE = 'Something went wrong, Please try again later!!!'
export const FORBIDDEN_FALLBACK_MESSAGE = 'You are not allowed to do this'
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired, please sign in again'
export const GENERIC_ERROR_MESSAGE = 'Something went wrong'
/** One toast for a session that ends, however many requests noticed it. */
const SESSION_TOAST_KEY = 'session-ended'
export const REFRESH_PATH = '/v1/common/refreshToken'

const BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? ''
const DEFAULT_HEADERS: Record<string, string> = {
  // As axios sent it.
  Accept: 'application/json, text/plain, */*',
  'Content-Type': 'application/json',
  // Cookie mode: sign-in and refresh answers set the refresh token as an HttpOnly cookie.
  'X-Refresh-Cookie': '1',
}

// The answer's `data` of a call that names no type, read freely (as with axios before).
type Untyped = any

export interface ApiClient {
  /** Sends every request (see http.ts); the tests put a fake backend here (testing/mock-api.ts). */
  transport: Transport
  request<T = Untyped>(config: RequestConfig): Promise<ApiResponse<T>>
  get<T = Untyped>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>
  delete<T = Untyped>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>
  post<T = Untyped>(url: string, data?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>
  put<T = Untyped>(url: string, data?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>
  patch<T = Untyped>(url: string, data?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>
}

function prepare(config: RequestConfig): SentConfig {
  return {
    ...config,
    method: (config.method ?? 'get').toLowerCase(),
    url: config.url ?? '',
    baseURL: config.baseURL ?? BASE_URL,
    headers: mergeHeaders(DEFAULT_HEADERS, config.headers),
  }
}

/** Sends `config` once: its answer for a 2xx status, else an ApiError (with the answer when one came). */
async function dispatch(config: SentConfig): Promise<ApiResponse> {
  const headers = { ...config.headers }
  const body = encodeBody(config.data, headers)
  const url = buildUrl(fullPath(config.baseURL, config.url), config.params)
  let answer
  try {
    if (config.signal?.aborted) throw new DOMException('canceled', 'AbortError')
    answer = await apiClient.transport({ method: config.method.toUpperCase(), url, headers, body, config })
  } catch (error) {
    if (isApiError(error)) throw error
    const aborted = config.signal?.aborted || (error as { name?: unknown } | null)?.name === 'AbortError'
    throw aborted ? new ApiError('canceled', ERR_CANCELED, config) : new ApiError('Network Error', ERR_NETWORK, config)
  }
  const { status, headers: answered } = answer
  const data = config.transformResponse ? config.transformResponse(answer.data, answered, status) : answer.data
  const response: ApiResponse = { data, status, headers: answered }
  if (status >= 200 && status < 300) return response
  const code = status >= 500 ? ERR_BAD_RESPONSE : ERR_BAD_REQUEST
  throw new ApiError(`Request failed with status code ${status}`, code, config, response)
}

/** One request through the client: bearer token, loading counter, and the failure policy below. */
async function send(config: SentConfig): Promise<ApiResponse> {
  // The request starts on the next microtask, never inside the caller's render (as with axios).
  await Promise.resolve()
  const token = currentUser()?.authToken
  if (token && !config.skipAuthHeader && getHeader(config.headers, 'Authorization') === undefined) {
    setHeader(config.headers, 'Authorization', `Bearer ${token}`)
  }
  if (!config.skipLoadingCounter) {
    config._counted = true
    useLoading.getState().start()
  }
  let response: ApiResponse
  try {
    response = await dispatch(config)
  } catch (error) {
    return onFailure(error, config)
  }
  release(config)
  return response
}

export const apiClient: ApiClient = {
  transport: defaultTransport,
  request: (config) => send(prepare(config)),
  get: (url, config) => send(prepare({ ...config, url, method: 'get' })),
  delete: (url, config) => send(prepare({ ...config, url, method: 'delete' })),
  post: (url, data, config) => send(prepare({ ...config, url, data, method: 'post' })),
  put: (url, data, config) => send(prepare({ ...config, url, data, method: 'put' })),
  patch: (url, data, config) => send(prepare({ ...config, url, data, method: 'patch' })),
}

/** Called when the session ends (cleared session, go to /signin). Replaceable for tests. */
let onLogout: () => void = () => clearSession()

export function setLogoutHandler(handler: () => void): void {
  onLogout = handler
}

function logout(): void {
  clearSession()
  onLogout()
}

function release(config: SentConfig) {
  if (config._counted) {
    config._counted = false
    useLoading.getState().finish()
  }
}

/** The server's message of a failed call, or a fallback. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (isApiError(error)) {
    if (!error.response) return error.code === ERR_CANCELED ? 'Request aborted' : NETWORK_ERROR_MESSAGE
    const body = error.response.data as ApiErrorBody | undefined
    if (body && typeof body.message === 'string' && body.message) return body.message
    return fallback
  }
  if (error instanceof Error && error.message) return error.message
  return fallback
}

/** The one error handler: turns a failed call into a toast. */
export function showError(error: unknown, fallback = GENERIC_ERROR_MESSAGE): void {
  if (isCancel(error)) return
  toast.error(errorMessage(error, fallback))
}

let refreshing: Promise<string> | null = null

/**
 * Refreshes the tokens once for every caller of this tab waiting at the same time, and,
 * inside the tabs' lock, not at all when another tab already has an access token newer than
 * `stale` (the one that was refused): the one it announced, else the one it stored, is used.
 */
function refreshTokens(stale: string | undefined): Promise<string> {
  if (!refreshing) {
    refreshing = withRefreshLock(async () => {
      // A session from before cookie mode still holds its refresh token: send it once.
      const legacy = currentUser()?.refreshToken
      const announced = legacy ? undefined : await announcedAfter(stale)
      if (announced) {
        useSession.getState().setTokens({ authToken: announced })
        return announced
      }
      const stored = storedAuthToken()
      if (stored && stored !== stale) {
        await useSession.persist.rehydrate()
        return stored
      }
      const res = await apiClient.post<ApiEnvelope<{ authToken: string; refreshToken?: string }>>(
        REFRESH_PATH,
        legacy ? { token: legacy } : {},
        { skipAuthRefresh: true, skipErrorToast: true, skipAuthHeader: true, withCredentials: true },
      )
      const tokens = res.data.data
      useSession.getState().setTokens({ authToken: tokens.authToken, refreshToken: tokens.refreshToken })
      await announceToken(tokens.authToken)
      return tokens.authToken
    }).finally(() => {
      refreshing = null
    })
  }
  return refreshing
}

/**
 * A fresh access token for a caller outside the request client (the chat socket, refused at its
 * handshake with code 'token_expired'): the same shared refresh; a failed refresh logs out.
 * `refused` is the token that was refused (the one the handshake sent): when another request or
 * tab has stored a newer one meanwhile, that one is used and nothing is refreshed.
 */
export async function refreshAccessToken(refused?: string): Promise<string> {
  try {
    return await refreshTokens(refused ?? currentUser()?.authToken)
  } catch (error) {
    if (currentUser()) logout()
    toast.error(SESSION_EXPIRED_MESSAGE, SESSION_TOAST_KEY)
    throw error
  }
}

async function onFailure(error: unknown, config: SentConfig): Promise<ApiResponse> {
  release(config)
  if (!isApiError(error) || isCancel(error)) throw error
  const response = error.response
  if (!response) {
    if (!config.skipErrorToast) toast.error(NETWORK_ERROR_MESSAGE)
    throw error
  }

  const body = (response.data ?? {}) as ApiErrorBody
  if (response.status === 401) {
    if (currentUser()) {
      logout()
    }
    if (!config.skipErrorToast) toast.error(body.message || SESSION_EXPIRED_MESSAGE, SESSION_TOAST_KEY)
    throw error
  }

  if (response.status === 403 && !config.skipAuthRefresh) {
    if (body.code === 'FORBIDDEN') {
      if (!config.skipErrorToast) toast.error(body.message || FORBIDDEN_FALLBACK_MESSAGE)
      throw error
    }
    // TOKEN_EXPIRED (or a 403 without a code): refresh once and retry once.
    if (currentUser() && !config._retried) {
      let authToken: string
      try {
        // Sent with a token that another request has already replaced: retry with the new one.
        const stored = currentUser()?.authToken
        const sent = (getHeader(config.headers, 'Authorization') ?? '').replace(/^Bearer /, '')
        authToken = stored && sent !== stored ? stored : await refreshTokens(sent)
      } catch {
        if (currentUser()) logout()
        toast.error(SESSION_EXPIRED_MESSAGE, SESSION_TOAST_KEY)
        throw error
      }
      config._retried = true
      setHeader(config.headers, 'Authorization', `Bearer ${authToken}`)
      return send(config)
    }
    if (currentUser()) logout()
    if (!config.skipErrorToast) toast.error(SESSION_EXPIRED_MESSAGE, SESSION_TOAST_KEY)
    throw error
  }

  if (!config.skipErrorToast) showError(error)
  throw error
}
