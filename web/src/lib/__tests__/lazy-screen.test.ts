import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY, loadScreen } from '../lazy-screen'

const realLocation = window.location

function stubReload() {
  const reload = vi.fn()
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } })
  return reload
}

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation })
})

describe('loadScreen', () => {
  it('returns the default export and clears the reload flag', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1')
    const Screen = () => null
    expect(await loadScreen(async () => ({ default: Screen }))).toBe(Screen)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull()
  })

  it('reloads the page once when a chunk fails to load', async () => {
    const reload = stubReload()
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    const pending = loadScreen(failing)
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull()
    void pending
  })

  it('does not loop: after one reload the failure reaches the error fallback', async () => {
    const reload = stubReload()
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
    await expect(loadScreen(() => Promise.reject(new Error('chunk failed')))).rejects.toThrow('chunk failed')
    expect(reload).not.toHaveBeenCalled()
  })
})
