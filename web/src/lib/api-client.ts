/**
 * The one request client of the console.
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
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { clearSession, currentUser, SESSION_STORAGE_KEY, useSession } from './session'
import { useLoading } from './loading'
import { toast } from './toast'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows the failure itself; the client stays silent. */
    skipErrorToast?: boolean
    /** Do not refresh on 403 (used by the refresh and logout calls). */
    skipAuthRefresh?: boolean
    /** Send no bearer token (the refresh call carries its token in the cookie). */
    skipAuthHeader?: boolean
  }
  interface InternalAxiosRequestConfig {
    /** Set once the request was retried after a token refresh. */
    _retried?: boolean
    /** True while this request is counted in the loading counter. */
    _counted?: boolean
  }
}

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
/** The Web Lock every tab takes to refresh, so one refresh token is never spent twice. */
export const REFRESH_LOCK = 'giving-console-refresh'

export const apiClient = axios.create({
  baseURL: import.meta.env.VITE_API_BASE_URL ?? '',
  // Cookie mode: sign-in and refresh answers set the refresh token as an HttpOnly cookie.
  headers: { 'Content-Type': 'application/json', 'X-Refresh-Cookie': '1' },
  timeout: 0,
})

/** Called when the session ends (cleared session, go to /signin). Replaceable for tests. */
let onLogout: () => void = () => clearSession()

export function setLogoutHandler(handler: () => void): void {
  onLogout = handler
}

function logout(): void {
  clearSession()
  onLogout()
}

function release(config: InternalAxiosRequestConfig | undefined) {
  if (config?._counted) {
    config._counted = false
    useLoading.getState().finish()
  }
}

apiClient.interceptors.request.use((config) => {
  const token = currentUser()?.authToken
  if (token && !config.skipAuthHeader && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`)
  }
  config._counted = true
  useLoading.getState().start()
  return config
})

/** The server's message of a failed call, or a fallback. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (axios.isAxiosError(error)) {
    if (!error.response) return error.code === AxiosError.ERR_CANCELED ? 'Request aborted' : NETWORK_ERROR_MESSAGE
    const body = error.response.data as ApiErrorBody | undefined
    if (body && typeof body.message === 'string' && body.message) return body.message
    return fallback
  }
  if (error instanceof Error && error.message) return error.message
  return fallback
}

/** The one error handler: turns a failed call into a toast. */
export function showError(error: unknown, fallback = GENERIC_ERROR_MESSAGE): void {
  if (axios.isCancel(error)) return
  toast.error(errorMessage(error, fallback))
}

let refreshing: Promise<string> | null = null

/** The access token another tab may have stored (the persisted session). */
function storedAuthToken(): string | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as {
      state?: { user?: { authToken?: string } | null }
    } | null
    return saved?.state?.user?.authToken || undefined
  } catch {
    return undefined
  }
}

/** Runs `task` holding the tabs' refresh lock (Web Locks); without the API, as is. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request(REFRESH_LOCK, task) : task()
}

/**
 * Refreshes the tokens once for every caller of this tab waiting at the same time, and,
 * inside the tabs' lock, not at all when another tab already stored an access token newer
 * than `stale` (the one that was refused): that one is used.
 */
function refreshTokens(stale: string | undefined): Promise<string> {
  if (!refreshing) {
    refreshing = withRefreshLock(async () => {
      const stored = storedAuthToken()
      if (stored && stored !== stale) {
        await useSession.persist.rehydrate()
        return stored
      }
      // A session from before cookie mode still holds its refresh token: send it once.
      const legacy = currentUser()?.refreshToken
      const res = await apiClient.post<ApiEnvelope<{ authToken: string; refreshToken?: string }>>(
        REFRESH_PATH,
        legacy ? { token: legacy } : {},
        { skipAuthRefresh: true, skipErrorToast: true, skipAuthHeader: true, withCredentials: true },
      )
      const tokens = res.data.data
      useSession.getState().setTokens({ authToken: tokens.authToken, refreshToken: tokens.refreshToken })
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
 */
export async function refreshAccessToken(): Promise<string> {
  try {
    return await refreshTokens(currentUser()?.authToken)
  } catch (error) {
    if (currentUser()) logout()
    toast.error(SESSION_EXPIRED_MESSAGE, SESSION_TOAST_KEY)
    throw error
  }
}

async function onFailure(error: unknown): Promise<AxiosResponse> {
  if (!axios.isAxiosError(error)) throw error
  const config = error.config as InternalAxiosRequestConfig | undefined
  release(config)

  if (axios.isCancel(error)) throw error
  const response = error.response
  if (!response) {
    if (!config?.skipErrorToast) toast.error(NETWORK_ERROR_MESSAGE)
    throw error
  }

  const body = (response.data ?? {}) as ApiErrorBody
  if (response.status === 401) {
    if (currentUser()) {
      logout()
    }
    if (!config?.skipErrorToast) toast.error(body.message || SESSION_EXPIRED_MESSAGE, SESSION_TOAST_KEY)
    throw error
  }

  if (response.status === 403 && !config?.skipAuthRefresh) {
    if (body.code === 'FORBIDDEN') {
      if (!config?.skipErrorToast) toast.error(body.message || FORBIDDEN_FALLBACK_MESSAGE)
      throw error
    }
    // TOKEN_EXPIRED (or a 403 without a code): refresh once and retry once.
    if (config && currentUser() && !config._retried) {
      let authToken: string
      try {
        // Sent with a token that another request has already replaced: retry with the new one.
        const stored = currentUser()?.authToken
        const sent = String(config.headers.get('Authorization') ?? '').replace(/^Bearer /, '')
        authToken = stored && sent !== stored ? stored : await refreshTokens(sent)
      } catch {
        if (currentUser()) logout()
        toast.error(SESSION_EXPIRED_MESSAGE, SESSION_TOAST_KEY)
        throw error
      }
      config._retried = true
      config.headers.set('Authorization', `Bearer ${authToken}`)
      return apiClient.request(config)
    }
    if (currentUser()) logout()
    if (!config?.skipErrorToast) toast.error(SESSION_EXPIRED_MESSAGE, SESSION_TOAST_KEY)
    throw error
  }

  if (!config?.skipErrorToast) showError(error)
  throw error
}

apiClient.interceptors.response.use((response) => {
  release(response.config)
  return response
}, onFailure)
