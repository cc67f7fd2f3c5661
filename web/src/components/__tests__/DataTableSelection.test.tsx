import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from 'antd'
import { DataTable, type TableQuery } from '../DataTable'
import type { Selection } from '../useSelection'
import { queryWrapper } from '../../testing/query-wrapper'
import { pretendSmallScreen } from '../../testing/small-screen'

interface Row {
  _id: string
  name: string
}

const columns = [{ title: 'Name', key: 'name', dataIndex: 'name' }]

function fetcher(total = 12) {
  return vi.fn(async (q: TableQuery) => ({
    rows: Array.from({ length: Math.min(q.limit, Math.max(0, total - (q.page - 1) * q.limit)) }, (_, i) => {
      const n = (q.page - 1) * q.limit + i + 1
      return { _id: `r${n}`, name: `Row ${n}` }
    }),
    total,
  }))
}

/** A table that selects rows; its one action reports the selection it is given. */
function Selecting({ listKey = 'a', act }: { listKey?: string; act: (s: Selection<Row>) => void }) {
  return (
    <DataTable<Row>
      empty="No rows"
      queryKey={['rows', listKey]}
      columns={columns}
      fetch={fetcher()}
      selection={{
        nameOf: (row) => row.name,
        actions: (selection) => <Button onClick={() => act(selection)}>Act</Button>,
      }}
    />
  )
}

/** The box named `name` once it can be used (the selection layer's code has arrived). */
async function box(name: string) {
  let found: HTMLInputElement | undefined
  await waitFor(() => {
    found = screen.getByRole('checkbox', { name }) as HTMLInputElement
    expect(found.disabled).toBe(false)
  })
  return found as HTMLInputElement
}

describe('DataTable selection', () => {
  // First in the file: the selection layer's code is fetched once a module, so only the first
  // table drawn waits for it.
  it('keeps the checkbox column while the selection code loads and draws its rows once, with their boxes', async () => {
    // Every time a row's name is in the page, whether its row has its box.
    const drawn: boolean[] = []
    const watch = new MutationObserver(() => {
      const cell = screen.queryByText('Row 1')
      if (cell) drawn.push(cell.closest('tr')?.querySelector('input[type=checkbox]') != null)
    })
    watch.observe(document.body, { childList: true, subtree: true })
    render(<Selecting act={vi.fn()} />, { wrapper: queryWrapper() })
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['', 'Name'])
    // Then the boxes in that column, and the name still in the second cell.
    const first = await box('Select Row 1')
    const cell = first.closest('tr')?.querySelectorAll('td')[1]
    expect(cell?.textContent).toBe('Row 1')
    expect((await box('Select all on this page')).disabled).toBe(false)
    watch.disconnect()
    // No row was drawn before its box (it would be drawn again when the code arrived).
    expect(drawn.length).toBeGreaterThan(0)
    expect(drawn.every(Boolean)).toBe(true)
    expect(cell?.isConnected).toBe(true)
  })

  it('selects rows by keyboard (Space on a focused box) and names each box after its row', async () => {
    const act = vi.fn()
    const user = userEvent.setup()
    render(<Selecting act={act} />, { wrapper: queryWrapper() })
    const first = await box('Select Row 1')
    first.focus()
    await user.keyboard(' ')
    expect((first as HTMLInputElement).checked).toBe(true)
    expect(await screen.findByText('1 selected')).toBeTruthy()
    // The bar's buttons are reached with Tab.
    const bar = screen.getByRole('group', { name: 'Selection' })
    within(bar).getByRole('button', { name: 'Act' }).focus()
    await user.keyboard('{Enter}')
    expect(act).toHaveBeenCalledWith({ all: false, rows: [{ _id: 'r1', name: 'Row 1' }], count: 1 })
  })

  it('selects the page from the head, then all matching, and clears', async () => {
    const act = vi.fn()
    render(<Selecting act={act} />, { wrapper: queryWrapper() })
    await box('Select Row 1')
    fireEvent.click(await box('Select all on this page'))
    expect(await screen.findByText('10 selected')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Select all 12 matching' }))
    expect(await screen.findByText('12 selected')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Act' }))
    expect(act).toHaveBeenLastCalledWith({ all: true, count: 12 })
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull())
    expect(((await box('Select Row 1')) as HTMLInputElement).checked).toBe(false)
  })

  it('keeps the selection across pages and clears it when the filter changes', async () => {
    const act = vi.fn()
    const { rerender } = render(<Selecting act={act} />, { wrapper: queryWrapper() })
    fireEvent.click(await box('Select Row 2'))
    fireEvent.click(screen.getByTitle('2'))
    fireEvent.click(await box('Select Row 11'))
    expect(await screen.findByText('2 selected')).toBeTruthy()
    rerender(<Selecting listKey="b" act={act} />)
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull())
  })

  it("shows a box on each phone card, and the page's box in the bar", async () => {
    const restore = pretendSmallScreen()
    try {
      render(<Selecting act={vi.fn()} />, { wrapper: queryWrapper() })
      fireEvent.click(await box('Select Row 3'))
      expect(await screen.findByText('1 selected')).toBeTruthy()
      const pageBox = (await box('Select all on this page')) as HTMLInputElement
      // No table head on a phone: the box's name is written beside it, not only read out.
      expect(pageBox.closest('label')?.textContent).toBe('Select all on this page')
      expect(pageBox.indeterminate).toBe(true)
      fireEvent.click(pageBox)
      expect(await screen.findByText('10 selected')).toBeTruthy()
    } finally {
      restore()
    }
  })
})
