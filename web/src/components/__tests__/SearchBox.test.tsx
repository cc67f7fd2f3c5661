import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { SearchBox, SEARCH_DEBOUNCE_MS } from '../SearchBox'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

const type = (value: string) => fireEvent.change(screen.getByLabelText('Search by Name'), { target: { value } })

describe('SearchBox', () => {
  it('reports the text 700 ms after the last keystroke', () => {
    const onSearch = vi.fn()
    render(<SearchBox placeholder="Search by Name" onSearch={onSearch} />)
    expect(SEARCH_DEBOUNCE_MS).toBe(700)
    type('a')
    act(() => vi.advanceTimersByTime(400))
    type('an')
    act(() => vi.advanceTimersByTime(699))
    expect(onSearch).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onSearch).toHaveBeenCalledTimes(1)
    expect(onSearch).toHaveBeenCalledWith('an')
  })

  it('applies a minimum length, and clearing resets the search', () => {
    const onSearch = vi.fn()
    render(<SearchBox placeholder="Search by Name" onSearch={onSearch} minLength={3} />)
    type('ab')
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS))
    expect(onSearch).not.toHaveBeenCalled()
    type('abc')
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS))
    expect(onSearch).toHaveBeenLastCalledWith('abc')
    type('')
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS))
    expect(onSearch).toHaveBeenLastCalledWith('')
    expect(onSearch).toHaveBeenCalledTimes(2)
  })

  it('honours a custom delay', () => {
    const onSearch = vi.fn()
    render(<SearchBox placeholder="Search by Name" onSearch={onSearch} delay={300} />)
    type('x')
    act(() => vi.advanceTimersByTime(300))
    expect(onSearch).toHaveBeenCalledWith('x')
  })
})
