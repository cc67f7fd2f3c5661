import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { DataTable, EMPTY_SEARCH_TEXT, type DataTableHandle, type TablePage, type TableQuery } from '../DataTable'
import { deferred } from '../../testing/deferred'
import { queryWrapper } from '../../testing/query-wrapper'

interface Row {
  _id: string
  name: string
}

const columns = [{ title: 'Name', key: 'name', dataIndex: 'name', sorter: true }]

function fetcher(total = 42) {
  return vi.fn(async (q: TableQuery) => ({
    rows: Array.from({ length: Math.min(q.limit, Math.max(0, total - (q.page - 1) * q.limit)) }, (_, i) => ({
      _id: `${q.page}-${i}`,
      name: `Row ${(q.page - 1) * q.limit + i + 1}`,
    })),
    total,
  }))
}

describe('DataTable', () => {
  it('starts on page 1 with 10 rows and offers 10, 15, 20, 25, 30 per page', async () => {
    const fetch = fetcher()
    const { container } = render(<DataTable<Row> empty="No rows yet" columns={columns} fetch={fetch} />, {
      wrapper: queryWrapper(),
    })
    expect(await screen.findByText('Row 1')).toBeTruthy()
    expect(fetch).toHaveBeenCalledWith({ page: 1, limit: 10, search: '', column: '', order: '' })
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(10)
    expect(screen.getByText('1-10 of 42')).toBeTruthy()
    const sizeChanger = container.querySelector('.ant-pagination-options .ant-select')
    expect(sizeChanger).not.toBeNull()
    fireEvent.mouseDown(sizeChanger!.querySelector('input') ?? sizeChanger!)
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(5))
    const sizes = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)
    expect(sizes).toEqual(['10 / page', '15 / page', '20 / page', '25 / page', '30 / page'])
  })

  it('pages and sorts on the server', async () => {
    const fetch = fetcher()
    render(<DataTable<Row> empty="No rows yet" columns={columns} fetch={fetch} />, { wrapper: queryWrapper() })
    await screen.findByText('Row 1')
    fireEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, limit: 10 })))
    expect(await screen.findByText('Row 11')).toBeTruthy()
    fireEvent.click(screen.getByText('Name', { selector: '.ant-table-column-title' }))
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, column: 'name', order: 'asc' })),
    )
  })

  it('sorts by keyboard: Enter on a sortable head turns ascending, descending, then off, and aria-sort says so', async () => {
    const fetch = fetcher()
    render(<DataTable<Row> empty="No rows yet" columns={columns} fetch={fetch} />, { wrapper: queryWrapper() })
    await screen.findByText('Row 1')
    const head = () => screen.getByRole('columnheader', { name: 'Name' })
    expect(head().tabIndex).toBe(0)
    expect(head().getAttribute('aria-sort')).toBeNull()
    for (const [order, shown] of [
      ['asc', 'ascending'],
      ['desc', 'descending'],
      ['', null],
    ] as const) {
      fireEvent.keyDown(head(), { key: 'Enter' })
      await waitFor(() =>
        expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ column: order ? 'name' : '', order })),
      )
      await waitFor(() => expect(head().getAttribute('aria-sort')).toBe(shown))
    }
  })

  it('uses the default sort while no column is sorted', async () => {
    const fetch = fetcher()
    render(
      <DataTable<Row>
        empty="No rows yet"
        columns={columns}
        fetch={fetch}
        defaultSort={{ column: 'createdAt', order: 'desc' }}
      />,
      {
        wrapper: queryWrapper(),
      },
    )
    await screen.findByText('Row 1')
    expect(fetch).toHaveBeenCalledWith(expect.objectContaining({ column: 'createdAt', order: 'desc' }))
  })

  it('goes back to page 1 when the search changes', async () => {
    const fetch = fetcher()
    const { rerender } = render(<DataTable<Row> empty="No rows yet" columns={columns} fetch={fetch} />, {
      wrapper: queryWrapper(),
    })
    await screen.findByText('Row 1')
    fireEvent.click(screen.getByTitle('3'))
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 })))
    rerender(<DataTable<Row> empty="No rows yet" columns={columns} fetch={fetch} search="row" />)
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, search: 'row' })))
  })

  it('reloads through its handle', async () => {
    const fetch = fetcher()
    const ref = createRef<DataTableHandle>()
    render(<DataTable<Row> empty="No rows yet" ref={ref} columns={columns} fetch={fetch} />, {
      wrapper: queryWrapper(),
    })
    await screen.findByText('Row 1')
    const calls = fetch.mock.calls.length
    act(() => ref.current?.reload())
    await waitFor(() => expect(fetch.mock.calls.length).toBe(calls + 1))
  })

  it('an empty list says what would fill it; an empty search says so', async () => {
    const fetch = fetcher(0)
    const { rerender } = render(
      <DataTable<Row> empty="No causes yet: add a cause and it shows here" columns={columns} fetch={fetch} />,
      {
        wrapper: queryWrapper(),
      },
    )
    expect(await screen.findByText('No causes yet: add a cause and it shows here')).toBeTruthy()
    rerender(
      <DataTable<Row>
        empty="No causes yet: add a cause and it shows here"
        columns={columns}
        fetch={fetch}
        search="zzz"
      />,
    )
    expect(await screen.findByText(EMPTY_SEARCH_TEXT)).toBeTruthy()
  })

  it('shows the failure in the empty table', async () => {
    const fetch = vi.fn(async () => {
      throw new Error('List unavailable')
    })
    render(<DataTable<Row> empty="No rows yet" columns={columns} fetch={fetch} />, { wrapper: queryWrapper() })
    expect(await screen.findByText('List unavailable')).toBeTruthy()
  })

  it('spins while the current query is unanswered: at first, on a reload, and until a failure', async () => {
    const answers: Array<ReturnType<typeof deferred<TablePage<Row>>>> = []
    const fetch = vi.fn(() => {
      const answer = deferred<TablePage<Row>>()
      answers.push(answer)
      return answer.promise
    })
    const ref = createRef<DataTableHandle>()
    const { container } = render(<DataTable<Row> empty="No rows yet" ref={ref} columns={columns} fetch={fetch} />, {
      wrapper: queryWrapper(),
    })
    const spinning = () => container.querySelector('.ant-spin-spinning') !== null
    expect(spinning()).toBe(true)
    await act(async () => answers[0].resolve({ rows: [{ _id: 'a', name: 'Row A' }], total: 1 }))
    expect(await screen.findByText('Row A')).toBeTruthy()
    expect(spinning()).toBe(false)

    act(() => ref.current?.reload())
    // antd shows the spinner a tick after it is asked to.
    await waitFor(() => expect(spinning()).toBe(true))
    // The rows shown stay while the reload runs.
    expect(screen.getByText('Row A')).toBeTruthy()
    await act(async () => answers[1].reject(new Error('List unavailable')))
    expect(await screen.findByText('List unavailable')).toBeTruthy()
    expect(spinning()).toBe(false)
  })
})
