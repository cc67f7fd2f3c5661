import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { DataTable, type TableQuery } from '../DataTable'
import { actionColumn, statusColumn } from '../RowStatus'
import { queryWrapper } from '../../testing/query-wrapper'
import { pretendSmallScreen } from '../../testing/small-screen'
import { deferred } from '../../testing/deferred'
import { MemoryRouter } from 'react-router'
import type { ReactNode } from 'react'

interface Row {
  _id: string
  name: string
  city: string
  isActive: boolean
}

let restore: (() => void) | null = null
afterEach(() => {
  restore?.()
  restore = null
})

function rowsFor(q: TableQuery, total = 23) {
  const from = (q.page - 1) * q.limit
  return {
    rows: Array.from({ length: Math.max(0, Math.min(q.limit, total - from)) }, (_, i) => ({
      _id: String(from + i + 1),
      name: `Nonprofit ${from + i + 1}`,
      city: `City ${from + i + 1}`,
      isActive: (from + i) % 2 === 0,
    })),
    total,
  }
}

function renderList(fetch: (q: TableQuery) => Promise<{ rows: Row[]; total: number }>, onToggle = vi.fn()) {
  const columns = [
    { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
    { title: 'City', key: 'city', dataIndex: 'city' },
    statusColumn<Row>((r) => r.name, onToggle),
    actionColumn<Row>((r) => r.name, [{ label: 'View', to: (r) => `/rows/${r._id}` }])!,
  ]
  const Wrapper = queryWrapper()
  return render(<DataTable<Row> aria-label="Nonprofits" empty="No nonprofits yet" columns={columns} fetch={fetch} />, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter>
        <Wrapper>{children}</Wrapper>
      </MemoryRouter>
    ),
  })
}

describe('DataTable on a phone (RowCards)', () => {
  it('shows each row as a card: its name heads it, status and actions in it, other columns labelled', async () => {
    restore = pretendSmallScreen()
    const onToggle = vi.fn()
    renderList(async (q) => rowsFor(q), onToggle)
    const table = await screen.findByRole('table', { name: 'Nonprofits' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(10)
    const first = rows[0]
    expect(within(first).getByRole('rowheader').textContent).toBe('Nonprofit 1')
    const city = within(first)
      .getAllByRole('cell')
      .find((c) => c.textContent?.startsWith('City'))
    expect(city?.textContent).toBe('CityCity 1')
    expect(within(first).getByRole('link', { name: 'View Nonprofit 1' }).getAttribute('href')).toBe('/rows/1')
    const toggle = within(first).getByRole('switch', { name: 'Status of Nonprofit 1' })
    fireEvent.click(toggle)
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ _id: '1' }))
    // No wide table with columns off to the right.
    expect(document.querySelector('.ant-table')).toBeNull()
  })

  it('sorts with the Sort by select and pages on the server', async () => {
    restore = pretendSmallScreen()
    const fetch = vi.fn(async (q: TableQuery) => rowsFor(q))
    renderList(fetch)
    await screen.findByText('Nonprofit 1')
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    fireEvent.mouseDown(sort)
    fireEvent.click(await screen.findByText('Name, descending'))
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, column: 'name', order: 'desc' })),
    )
    fireEvent.click(screen.getByTitle('Next Page'))
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, column: 'name', order: 'desc' })),
    )
    expect(await screen.findByText('Nonprofit 11')).toBeTruthy()
  })

  it('says what would fill an empty list', async () => {
    restore = pretendSmallScreen()
    renderList(async () => ({ rows: [], total: 0 }))
    expect(await screen.findByText('No nonprofits yet')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says nothing of an empty list while its first page loads', async () => {
    restore = pretendSmallScreen()
    const answer = deferred<{ rows: Row[]; total: number }>()
    renderList(() => answer.promise)
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull())
    expect(screen.queryByText('No nonprofits yet')).toBeNull()
    answer.resolve({ rows: [], total: 0 })
    expect(await screen.findByText('No nonprofits yet')).toBeTruthy()
  })
})
