import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  ASYNC_DEBOUNCE_MS,
  ASYNC_LIST_HEIGHT,
  ASYNC_PAGE_SIZE,
  AsyncSelect,
  type AsyncLoader,
  type AsyncValue,
} from '../AsyncSelect'

/** 23 names, 'Nonprofit 01' .. 'Nonprofit 23', paged and searched like the server. */
const NAMES = Array.from({ length: 23 }, (_, i) => `Nonprofit ${String(i + 1).padStart(2, '0')}`)

function serverLoader() {
  return vi.fn<AsyncLoader>(async (search, page, limit) => {
    const matching = NAMES.filter((n) => n.toLowerCase().includes(search.toLowerCase()))
    const slice = matching.slice((page - 1) * limit, page * limit)
    return { options: slice.map((name) => ({ value: name, label: name })), hasMore: page * limit < matching.length }
  })
}

function Multi({ loader, onValue }: { loader: AsyncLoader; onValue?: (v: AsyncValue[]) => void }) {
  const [value, setValue] = useState<AsyncValue[]>([])
  return (
    <AsyncSelect
      multiple
      aria-label="Nonprofits"
      loader={loader}
      value={value}
      onChange={(next) => {
        setValue(next)
        onValue?.(next)
      }}
    />
  )
}

function Single({ loader, onValue }: { loader: AsyncLoader; onValue: (v: AsyncValue | null) => void }) {
  const [value, setValue] = useState<AsyncValue | null>(null)
  return (
    <AsyncSelect
      aria-label="Nonprofit"
      loader={loader}
      value={value}
      onChange={(next) => {
        setValue(next)
        onValue(next)
      }}
    />
  )
}

const input = () => screen.getByRole('combobox')
const open = () => fireEvent.mouseDown(input())
const optionTexts = () =>
  Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((e) => e.textContent)
const holder = () => document.querySelector('[class*="list-holder"]') as HTMLElement

/** Scrolls the menu to its bottom (jsdom has no layout: the sizes are set by hand). */
function scrollToBottom(element: HTMLElement) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 640 })
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: ASYNC_LIST_HEIGHT })
  element.scrollTop = 340
  fireEvent.scroll(element)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('AsyncSelect', () => {
  it('uses pages of 5, a 300 ms pause and a 300 px menu', () => {
    expect(ASYNC_PAGE_SIZE).toBe(5)
    expect(ASYNC_DEBOUNCE_MS).toBe(300)
    expect(ASYNC_LIST_HEIGHT).toBe(300)
  })

  it('loads nothing until opened, then pages of 5 until the menu is full', async () => {
    const loader = serverLoader()
    render(<Multi loader={loader} />)
    expect(loader).not.toHaveBeenCalled()
    open()
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(2))
    expect(loader.mock.calls).toEqual([
      ['', 1, 5],
      ['', 2, 5],
    ])
    await waitFor(() => expect(optionTexts()).toHaveLength(10))
    expect(optionTexts()[0]).toBe('Nonprofit 01')
    // Ten options (320 px) fill the 300 px menu: no third page without a scroll.
    await new Promise((ok) => setTimeout(ok, 50))
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('loads the next page when the menu is scrolled to its bottom, until the last page', async () => {
    const loader = serverLoader()
    render(<Multi loader={loader} />)
    open()
    await waitFor(() => expect(optionTexts()).toHaveLength(10))
    scrollToBottom(holder())
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith('', 3, 5))
    await waitFor(() => expect(optionTexts()).toHaveLength(15))
    scrollToBottom(holder())
    await waitFor(() => expect(optionTexts()).toHaveLength(20))
    scrollToBottom(holder())
    await waitFor(() => expect(optionTexts()).toHaveLength(23))
    const calls = loader.mock.calls.length
    scrollToBottom(holder())
    await new Promise((ok) => setTimeout(ok, 50))
    expect(loader).toHaveBeenCalledTimes(calls)
  })

  it('a scroll that does not reach the bottom loads nothing', async () => {
    const loader = serverLoader()
    render(<Multi loader={loader} />)
    open()
    await waitFor(() => expect(optionTexts()).toHaveLength(10))
    const element = holder()
    Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 640 })
    Object.defineProperty(element, 'clientHeight', { configurable: true, value: ASYNC_LIST_HEIGHT })
    element.scrollTop = 100
    fireEvent.scroll(element)
    await new Promise((ok) => setTimeout(ok, 50))
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('searches 300 ms after the last keystroke, from page 1', async () => {
    const loader = serverLoader()
    render(<Multi loader={loader} />)
    open()
    await waitFor(() => expect(optionTexts()).toHaveLength(10))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.change(input(), { target: { value: '1' } })
    act(() => vi.advanceTimersByTime(200))
    fireEvent.change(input(), { target: { value: '12' } })
    act(() => vi.advanceTimersByTime(299))
    expect(loader).toHaveBeenCalledTimes(2)
    act(() => vi.advanceTimersByTime(1))
    vi.useRealTimers()
    await waitFor(() => expect(loader).toHaveBeenCalledWith('12', 1, 5))
    expect(loader.mock.calls.filter(([search]) => search === '1')).toHaveLength(0)
    await waitFor(() => expect(optionTexts()).toEqual(['Nonprofit 12']))
  })

  it('multiple choice keeps the names of the chosen options', async () => {
    const loader = serverLoader()
    const onValue = vi.fn()
    render(<Multi loader={loader} onValue={onValue} />)
    open()
    await waitFor(() => expect(optionTexts()).toHaveLength(10))
    fireEvent.click(screen.getByText('Nonprofit 02', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByText('Nonprofit 04', { selector: '.ant-select-item-option-content' }))
    expect(onValue).toHaveBeenLastCalledWith([
      { value: 'Nonprofit 02', label: 'Nonprofit 02' },
      { value: 'Nonprofit 04', label: 'Nonprofit 04' },
    ])
  })

  it('a choice clears the search, and the options follow', async () => {
    const loader = serverLoader()
    const onValue = vi.fn()
    render(<Multi loader={loader} onValue={onValue} />)
    open()
    await waitFor(() => expect(optionTexts()).toHaveLength(10))
    fireEvent.change(input(), { target: { value: '21' } })
    await waitFor(() => expect(optionTexts()).toEqual(['Nonprofit 21']))
    fireEvent.click(screen.getByText('Nonprofit 21', { selector: '.ant-select-item-option-content' }))
    expect(onValue).toHaveBeenLastCalledWith([{ value: 'Nonprofit 21', label: 'Nonprofit 21' }])
    expect((input() as HTMLInputElement).value).toBe('')
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith('', expect.any(Number), 5))
    await waitFor(() => expect(optionTexts().length).toBeGreaterThan(1))
  })

  it('single choice hands back one option', async () => {
    const loader = serverLoader()
    const onValue = vi.fn()
    render(<Single loader={loader} onValue={onValue} />)
    open()
    await waitFor(() => expect(optionTexts()).toHaveLength(10))
    fireEvent.click(screen.getByText('Nonprofit 03', { selector: '.ant-select-item-option-content' }))
    expect(onValue).toHaveBeenLastCalledWith({ value: 'Nonprofit 03', label: 'Nonprofit 03' })
  })

  it('drops an older answer that arrives after a newer search', async () => {
    let releaseSlow!: () => void
    const loader = vi.fn<AsyncLoader>(async (search, page) => {
      if (search === '' && page === 1) {
        await new Promise<void>((ok) => (releaseSlow = ok))
        return { options: [{ value: 'old', label: 'Old answer' }], hasMore: false }
      }
      return { options: [{ value: 'new', label: `Answer for ${search}` }], hasMore: false }
    })
    render(<Multi loader={loader} />)
    open()
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(1))
    fireEvent.change(input(), { target: { value: 'abc' } })
    await waitFor(() => expect(loader).toHaveBeenCalledWith('abc', 1, 5))
    await waitFor(() => expect(optionTexts()).toEqual(['Answer for abc']))
    await act(async () => releaseSlow())
    expect(optionTexts()).toEqual(['Answer for abc'])
  })
})
