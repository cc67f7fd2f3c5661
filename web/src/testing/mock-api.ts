/**
 * A fake backend for the one request client: replaces the client's transport, so requests go
 * through all of the client (token, counter, refresh, toasts) but never reach a network.
 * Handlers answer by "METHOD /path".
 */
import { apiClient, type Transport } from '../lib/api-client'

export interface RecordedCall {
  method: string
  url: string
  body: unknown
  headers: Record<string, unknown>
  /** The query parameters given as the call's `params` (the url is recorded without its query). */
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
  const previous = apiClient.transport

  const transport: Transport = async ({ method, url: sent, headers, body, config }) => {
    const url = sent.split('?')[0]
    const call: RecordedCall = {
      method,
      url,
      body: parseBody(body),
      headers: { ...headers },
      params: config.params as Record<string, unknown> | undefined,
    }
    calls.push(call)
    const handler = handlers.get(`${method} ${url}`)
    const reply: Reply = handler
      ? await handler(call)
      : [404, { message: `No mock for ${method} ${url}`, code: 'NOT_FOUND' }]
    // As fetch fails when no answer comes.
    if (reply === 'network-error') throw new TypeError('Failed to fetch')
    const [status, data] = reply
    return { status, headers: new Headers(), data: data ?? {} }
  }
  apiClient.transport = transport

  const api: MockApi = {
    calls,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler)
      return api
    },
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.url}` === route),
    restore: () => {
      apiClient.transport = previous
    },
  }
  return api
}
