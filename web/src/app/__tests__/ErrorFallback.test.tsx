import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { ErrorFallback } from '../ErrorFallback'

function Boom(): never {
  throw new Error('render failed')
}

const realLocation = window.location

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation })
})

function renderFailing() {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const router = createMemoryRouter(
    [
      { path: '/ok', element: <p>fine</p> },
      { path: '/broken', element: <Boom />, errorElement: <ErrorFallback /> },
    ],
    { initialEntries: ['/ok', '/broken'], initialIndex: 1 },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('error fallback', () => {
  it("shows 'Oops , Something is wrong ...' with Please Refresh and Go Back", async () => {
    const reload = vi.fn()
    Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } })
    const router = renderFailing()
    expect(await screen.findByText('Oops , Something is wrong ...')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Please Refresh' }))
    expect(reload).toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ok'))
  })
})
