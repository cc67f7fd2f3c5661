import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { MORE_COLUMNS_LABEL, SideScroll } from '../SideScroll'
import { DataTable } from '../DataTable'
import { queryWrapper } from '../../testing/query-wrapper'
import { pretendSmallScreen } from '../../testing/small-screen'

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

let restore: (() => void) | null = null
afterEach(() => {
  restore?.()
  restore = null
})

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

  it("a list on a small screen keeps its first column (the row's name) in view, narrow", async () => {
    restore = pretendSmallScreen()
    const columns = [
      { title: 'Name', key: 'name', dataIndex: 'name' },
      { title: 'Status', key: 'status', dataIndex: 'status' },
    ]
    const { container } = render(
      <DataTable<{ _id: string; name: string; status: string }>
        empty="No rows yet"
        columns={columns}
        fetch={async () => ({ rows: [{ _id: '1', name: 'A long nonprofit name', status: 'Active' }], total: 1 })}
      />,
      { wrapper: queryWrapper() },
    )
    await screen.findByText('A long nonprofit name')
    const [name, status] = [...container.querySelectorAll('thead th')]
    expect(name.className).toMatch(/ant-table-cell-fix-(left|start)/)
    expect(status.className).not.toMatch(/ant-table-cell-fix/)
    expect(container.querySelector('col')?.getAttribute('style')).toContain('width: 140px')
  })
})
