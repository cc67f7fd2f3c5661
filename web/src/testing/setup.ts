/** Vitest setup: browser APIs that antd needs and jsdom lacks, and a clean state per test. */
import { afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// antd screens load lazily and render slowly under jsdom; give async queries room.
configure({ asyncUtilTimeout: 5000 })

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

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
