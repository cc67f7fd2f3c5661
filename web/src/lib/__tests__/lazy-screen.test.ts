import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY, loadScreen } from '../lazy-screen'

const realLocation = window.location

function stubReload() {
  const reload = vi.fn()
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } })
  return reload
}

const Screen = () => null
const chunkError = () => new TypeError('Failed to fetch dynamically imported module')
const online = async () => true
const offline = async () => false

beforeEach(() => sessionStorage.clear())

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation })
})

describe('loadScreen', () => {
  it('returns the default export, and keeps the reload flag (the reloaded page loads other chunks before failing again)', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'Failed to fetch dynamically imported module')
    expect(await loadScreen(async () => ({ default: Screen }), online)).toBe(Screen)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('Failed to fetch dynamically imported module')
  })

  it('asks for a failed chunk once more, and shows the screen when that works', async () => {
    const reload = stubReload()
    const loader = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce({ default: Screen })
    expect(await loadScreen(loader, online)).toBe(Screen)
    expect(loader).toHaveBeenCalledTimes(2)
    expect(reload).not.toHaveBeenCalled()
  })

  it('after a redeploy (the retry fails, the server answers) reloads the page once for the new version', async () => {
    const reload = stubReload()
    const loader = vi.fn(() => Promise.reject(chunkError()))
    const pending = loadScreen(loader, online)
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(loader).toHaveBeenCalledTimes(2)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull()
    void pending
  })

  it('without a connection: no reload, the failure reaches the error fallback', async () => {
    const reload = stubReload()
    await expect(loadScreen(() => Promise.reject(chunkError()), offline)).rejects.toThrow('Failed to fetch')
    expect(reload).not.toHaveBeenCalled()
  })

  it('does not loop: after one reload the same failure reaches the error fallback', async () => {
    const reload = stubReload()
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'chunk failed')
    await expect(loadScreen(() => Promise.reject(new Error('chunk failed')), online)).rejects.toThrow('chunk failed')
    expect(reload).not.toHaveBeenCalled()
  })

  it('a later redeploy (another chunk address fails) reloads once more', async () => {
    const reload = stubReload()
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'Failed to fetch dynamically imported module: /assets/A-1.js')
    void loadScreen(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/A-2.js')),
      online,
    )
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
  })
})
