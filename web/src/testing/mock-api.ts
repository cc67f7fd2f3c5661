/**
 * A fake backend for the one request client: replaces the axios adapter, so requests go
 * through every interceptor but never reach a network. Handlers answer by "METHOD /path".
 */
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { apiClient } from '../lib/api-client'

export interface RecordedCall {
  method: string
  url: string
  body: unknown
  headers: Record<string, unknown>
  /** The query parameters given as axios `params` (the url is recorded without its query). */
  params?: Record<string, unknown>
}

export type Reply = [status: number, body?: unknown] | 'network-error'
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>

export interface MockApi {
  calls: RecordedCall[]
  on: (route: string, handler: Handler | Reply) => MockApi
  callsTo: (route: string) => RecordedCall[]
  restore: () => void
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data)
  } catch {
    return data
  }
}

export function mockApi(): MockApi {
  const handlers = new Map<string, Handler>()
  const calls: RecordedCall[] = []
  const previous = apiClient.defaults.adapter

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase()
    const url = (config.url ?? '').split('?')[0]
    const call: RecordedCall = {
      method,
      url,
      body: parseBody(config.data),
      headers: { ...(config.headers?.toJSON?.() ?? config.headers) },
      params: config.params as Record<string, unknown> | undefined,
    }
    calls.push(call)
    const handler = handlers.get(`${method} ${url}`)
    const reply: Reply = handler
      ? await handler(call)
      : [404, { message: `No mock for ${method} ${url}`, code: 'NOT_FOUND' }]
    if (reply === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {})
    }
    const [status, body] = reply
    const response: AxiosResponse = {
      data: body ?? {},
      status,
      statusText: String(status),
      headers: {},
      config,
      request: {},
    }
    if (status >= 200 && status < 300) return response
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    )
  }
  apiClient.defaults.adapter = adapter

  const api: MockApi = {
    calls,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler)
      return api
    },
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.url}` === route),
    restore: () => {
      apiClient.defaults.adapter = previous
    },
  }
  return api
}
