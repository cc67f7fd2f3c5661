/** Vitest setup: browser APIs that antd needs and jsdom lacks, and a clean state per test. */
import { afterEach, vi } from 'vitest'
import { act, cleanup, configure } from '@testing-library/react'
import { notification } from 'antd'

// antd screens load lazily and render slowly under jsdom; give async queries room. A cap, not a
// wait: findBy/waitFor return as soon as the state is there. 5 s was passed by a form's prefill
// on a machine busy with a build beside the suite (charity-form, four tests at once).
configure({ asyncUtilTimeout: 15000 })

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub })
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub })
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
})

// jsdom does not implement pseudo-element styles; antd asks for them (scrollbar size).
const realGetComputedStyle = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => realGetComputedStyle(element)

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo

afterEach(async () => {
  // Toasts shown through antd's static API live in a React root of their own that outlives
  // the test: its 5 s close timer would otherwise render after this file's jsdom is gone
  // ('window is not defined' in a later file). Close them while the window still exists.
  await act(async () => {
    notification.destroy()
  })
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
