import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { MORE_COLUMNS_LABEL, SideScroll } from '../SideScroll'

/** A table box `scrollWidth` wide showing `clientWidth` of it (jsdom lays nothing out). */
function Box({ scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  return (
    <div
      className="ant-table-content"
      ref={(el) => {
        if (!el) return
        Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth })
        Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth })
        el.scrollBy = vi.fn() as unknown as typeof el.scrollBy
      }}
    >
      <table />
    </div>
  )
}

describe('SideScroll', () => {
  it('shows the hint while columns sit to the right; it scrolls there, and goes at the end', async () => {
    const { container } = render(
      <SideScroll>
        <Box scrollWidth={700} clientWidth={316} />
      </SideScroll>,
    )
    const hint = await screen.findByRole('button', { name: MORE_COLUMNS_LABEL })
    const box = container.querySelector('.ant-table-content') as HTMLElement
    fireEvent.click(hint)
    expect(box.scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: expect.any(Number) }))
    expect((vi.mocked(box.scrollBy).mock.calls[0][0] as ScrollToOptions).left).toBeGreaterThan(0)
    // A pixel short of the end (rounding) is the end.
    act(() => {
      box.scrollLeft = 382
      fireEvent.scroll(box)
    })
    expect(screen.getByRole('button', { name: MORE_COLUMNS_LABEL })).toBeTruthy()
    act(() => {
      box.scrollLeft = 383
      fireEvent.scroll(box)
    })
    expect(screen.queryByRole('button', { name: MORE_COLUMNS_LABEL })).toBeNull()
  })

  it('says nothing when every column shows', () => {
    render(
      <SideScroll>
        <Box scrollWidth={316} clientWidth={316} />
      </SideScroll>,
    )
    expect(screen.queryByRole('button', { name: MORE_COLUMNS_LABEL })).toBeNull()
  })
})
