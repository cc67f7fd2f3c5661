import { describe, expect, it, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import { ApiError } from '../http'
import { useRecord } from '../query'
import { deferred } from '../../testing/deferred'
import { queryWrapper } from '../../testing/query-wrapper'

const wrapper = queryWrapper()
/** TanStack Query delivers its notifications on the next task: let them all arrive. */
const flushNotifications = () => act(() => new Promise<void>((done) => setTimeout(done, 0)))
const fresh = () => ({ wrapper: queryWrapper() })

describe('useRecord', () => {
  it('loads for the key: loading first, then the value', async () => {
    const load = vi.fn((id: string) => Promise.resolve({ id, name: 'Clean Water' }))
    const { result } = renderHook(() => useRecord(['cause', 'c1'], () => load('c1')), fresh())
    expect(result.current).toEqual({ value: null, error: null, loading: true })
    await waitFor(() => expect(result.current.loading).toBe(false))
    expect(result.current).toEqual({ value: { id: 'c1', name: 'Clean Water' }, error: null, loading: false })
    expect(load).toHaveBeenCalledTimes(1)
    expect(load).toHaveBeenCalledWith('c1')
  })

  it("answers the server's message when the load fails", async () => {
    const response = { status: 404, headers: new Headers(), data: { message: 'Cause not found' } }
    const failure = new ApiError('Request failed with status code 404', 'ERR_BAD_REQUEST', undefined, response)
    const load = vi.fn(() => Promise.reject(failure))
    const { result } = renderHook(() => useRecord(['cause', 'missing'], load), fresh())
    await waitFor(() => expect(result.current.loading).toBe(false))
    expect(result.current).toEqual({ value: null, error: 'Cause not found', loading: false })
    // No retry: the request client has already shown the failure once.
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('never shows a late answer for an earlier key', async () => {
    const first = deferred<string>()
    const second = deferred<string>()
    const load = vi.fn((id: string) => (id === 'a' ? first.promise : second.promise))
    const { result, rerender } = renderHook(({ id }) => useRecord(['record', id], () => load(id)), {
      initialProps: { id: 'a' },
      wrapper: queryWrapper(),
    })
    rerender({ id: 'b' })
    expect(result.current.loading).toBe(true)
    await act(async () => first.resolve('record a'))
    // Whatever the answer for 'a' would notify has been delivered: nothing is shown for 'b'.
    await flushNotifications()
    expect(result.current).toEqual({ value: null, error: null, loading: true })
    await act(async () => second.resolve('record b'))
    await waitFor(() => expect(result.current).toEqual({ value: 'record b', error: null, loading: false }))
  })

  it('shows loading again while a new key loads, not the previous record', async () => {
    const later = deferred<string>()
    const load = vi.fn((id: string) => (id === 'a' ? Promise.resolve('record a') : later.promise))
    const { result, rerender } = renderHook(({ id }) => useRecord(['record', id], () => load(id)), {
      initialProps: { id: 'a' },
      wrapper: queryWrapper(),
    })
    await waitFor(() => expect(result.current.value).toBe('record a'))
    rerender({ id: 'b' })
    expect(result.current).toEqual({ value: null, error: null, loading: true })
    await act(async () => later.resolve('record b'))
    await waitFor(() => expect(result.current.value).toBe('record b'))
  })

  it('loads nothing for a null key, and once per key across renders', async () => {
    const load = vi.fn(() => Promise.resolve('x'))
    const { result, rerender } = renderHook(
      ({ id }: { id: string | null }) => useRecord(id === null ? null : ['record', id], load),
      { initialProps: { id: null as string | null }, wrapper },
    )
    expect(result.current).toEqual({ value: null, error: null, loading: false })
    rerender({ id: null })
    expect(load).not.toHaveBeenCalled()
    rerender({ id: 'k' })
    await waitFor(() => expect(result.current.value).toBe('x'))
    rerender({ id: 'k' })
    rerender({ id: 'k' })
    expect(load).toHaveBeenCalledTimes(1)
  })
})
