/**
 * The one request client of the console.
 *
 * - Adds `Authorization: Bearer <authToken>` from the stored session.
 * - Counts requests in flight for the global spinner.
 * - 403 TOKEN_EXPIRED: refreshes the tokens once (concurrent failures share one refresh)
 *   and retries the original request once; a failed refresh logs out.
 * - 403 FORBIDDEN: error toast, no refresh. 401: log out.
 * - Every other failure goes through one error handler that shows the server `message`.
 */
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { clearSession, currentUser, useSession } from './session'
import { useLoading } from './loading'
import { toast } from './toast'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows the failure itself; the client stays silent. */
    skipErrorToast?: boolean
    /** Do not refresh on 403 (used by the refresh and logout calls). */
    skipAuthRefresh?: boolean
    /** Send no bearer token (the refresh call carries its token in the body). */
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

export const apiClient = axios.create({
  baseURL: import.meta.env.VITE_API_BASE_URL ?? '',
  headers: { 'Content-Type': 'application/json' },
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

/** Refreshes the tokens once for every caller waiting at the same time. */
function refreshTokens(refreshToken: string): Promise<string> {
  if (!refreshing) {
    refreshing = apiClient
      .post<ApiEnvelope<{ authToken: string; refreshToken: string }>>(
        REFRESH_PATH,
        { token: refreshToken },
        { skipAuthRefresh: true, skipErrorToast: true, skipAuthHeader: true },
      )
      .then((res) => {
        const tokens = res.data.data
        useSession.getState().setTokens({ authToken: tokens.authToken, refreshToken: tokens.refreshToken })
        return tokens.authToken
      })
      .finally(() => {
        refreshing = null
      })
  }
  return refreshing
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
    const refreshToken = currentUser()?.refreshToken
    if (config && refreshToken && !config._retried) {
      let authToken: string
      try {
        // Sent with a token that another request has already replaced: retry with the new one.
        const stored = currentUser()?.authToken
        const sent = String(config.headers.get('Authorization') ?? '')
        authToken = stored && sent !== `Bearer ${stored}` ? stored : await refreshTokens(refreshToken)
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
