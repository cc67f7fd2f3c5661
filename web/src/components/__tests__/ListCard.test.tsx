import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Tabs } from 'antd'
import { ListCard } from '../ListCard'
import type { TableQuery } from '../DataTable'
import { useListFilters, useListTab } from '../../lib/list-state'
import { atUrl } from '../../testing/query-wrapper'

interface Row {
  _id: string
  name: string
}

const columns = [{ title: 'Name', key: 'name', dataIndex: 'name' }]

function fetcher() {
  return vi.fn(async (q: TableQuery) => ({
    rows: [{ _id: '1', name: q.search ? `Found ${q.search}` : 'Everything' }],
    total: 1,
  }))
}

describe('ListCard', () => {
  it('lays out the title, buttons, tabs, search, table and dialogs; newest first by default', async () => {
    const fetch = fetcher()
    const { element } = atUrl(
      <ListCard<Row>
        empty="No rows yet"
        title="Causes"
        queryKey={['cause', 'list']}
        actions={<button>Add New Cause</button>}
        tabs={<nav>the tabs</nav>}
        searchPlaceholder="Search by Cause Name"
        aria-label="Causes"
        columns={columns}
        fetch={fetch}
      >
        <div>a dialog</div>
      </ListCard>,
    )
    render(element)
    expect(screen.getByText('Causes')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add New Cause' })).toBeTruthy()
    expect(screen.getByText('the tabs')).toBeTruthy()
    expect(screen.getByText('a dialog')).toBeTruthy()
    expect(await screen.findByText('Everything')).toBeTruthy()
    expect(fetch).toHaveBeenCalledWith({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
  })

  it('shows the Add button after the other buttons: it opens the add screen, or calls its action', async () => {
    const onAdd = vi.fn()
    const { element, router } = atUrl(
      <>
        <ListCard<Row>
          empty="No rows yet"
          title="Causes"
          queryKey={['cause', 'list']}
          actions={<button>Export Excel</button>}
          add={{ label: 'Add New Cause', to: '/cause/cause_add' }}
          searchPlaceholder="Search by Cause Name"
          columns={columns}
          fetch={fetcher()}
        />
        <ListCard<Row>
          empty="No rows yet"
          title="Categories"
          queryKey={['category', 'list']}
          add={{ label: 'Add Category', onClick: onAdd }}
          searchPlaceholder="Search by Category Name"
          columns={columns}
          fetch={fetcher()}
        />
      </>,
    )
    render(element)
    const buttons = screen.getAllByRole('button').map((b) => b.textContent)
    expect(buttons.indexOf('Add New Cause')).toBeGreaterThan(buttons.indexOf('Export Excel'))
    fireEvent.click(screen.getByRole('button', { name: /Add Category/ }))
    expect(onAdd).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: /Add New Cause/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/cause/cause_add'))
  })

  it('shows no Add button when the user may not add', () => {
    const { element } = atUrl(
      <ListCard<Row>
        empty="No rows yet"
        title="Causes"
        queryKey={['cause', 'list']}
        add={false}
        searchPlaceholder="Search by Cause Name"
        columns={columns}
        fetch={fetcher()}
      />,
    )
    render(element)
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull()
  })

  it('sends the search text to the table, only from the minimum length on', async () => {
    const fetch = fetcher()
    const { element } = atUrl(
      <ListCard<Row>
        empty="No rows yet"
        title="Nonprofits"
        queryKey={['charity', 'list']}
        searchPlaceholder="Search by Nonprofit Name"
        searchMinLength={3}
        defaultSort={{ column: 'charityName', order: 'asc' }}
        columns={columns}
        fetch={fetch}
      />,
    )
    render(element)
    await screen.findByText('Everything')
    const box = screen.getByPlaceholderText('Search by Nonprofit Name')
    fireEvent.change(box, { target: { value: 'ab' } })
    await new Promise((ok) => setTimeout(ok, 900))
    expect(fetch).toHaveBeenCalledTimes(1)
    fireEvent.change(box, { target: { value: 'abc' } })
    expect(await screen.findByText('Found abc', {}, { timeout: 3000 })).toBeTruthy()
    expect(fetch).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: 'abc', column: 'charityName', order: 'asc' })
  })
})

/** 42 rows named by their place, whatever the query. */
function pagedFetcher(total = 42) {
  return vi.fn(async (q: TableQuery) => ({
    rows: Array.from({ length: Math.min(q.limit, Math.max(0, total - (q.page - 1) * q.limit)) }, (_, i) => ({
      _id: `${q.page}-${i}`,
      name: `${q.search || 'Row'} ${(q.page - 1) * q.limit + i + 1}`,
    })),
    total,
  }))
}

const sortable = [{ title: 'Name', key: 'name', dataIndex: 'name', sorter: true }]

/** A sortable list of rows at `url`. */
const sortableList = (fetch: ReturnType<typeof pagedFetcher>, url: string) =>
  atUrl(
    <ListCard<Row>
      empty="No rows yet"
      title="Causes"
      searchPlaceholder="Search"
      queryKey={['t']}
      columns={sortable}
      fetch={fetch}
    />,
    url,
  )

describe('ListCard keeps its state in the URL', () => {
  it('asks for the page, size, search and sort the URL names, and shows them', async () => {
    const fetch = pagedFetcher()
    const { element } = sortableList(fetch, '/causes?q=red&page=2&size=20&sort=name&order=asc')
    const { container } = render(element)
    expect(await screen.findByText('red 21')).toBeTruthy()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch).toHaveBeenCalledWith({ page: 2, limit: 20, search: 'red', column: 'name', order: 'asc' })
    expect((screen.getByPlaceholderText('Search') as HTMLInputElement).value).toBe('red')
    expect(container.querySelector('.ant-pagination-item-active')?.textContent).toBe('2')
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending')
  })

  it('ignores what it cannot use: a bad page, a size not offered, an unsortable column', async () => {
    const fetch = pagedFetcher()
    const { element } = sortableList(fetch, '/causes?page=-3&size=7&sort=password&order=asc')
    render(element)
    await screen.findByText('Row 1')
    expect(fetch).toHaveBeenCalledWith({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
  })

  it('writes a page change, a sort and a search to the URL; Back shows the previous rows', async () => {
    const fetch = pagedFetcher()
    const { element, router } = sortableList(fetch, '/causes?id=keep')
    render(element)
    await screen.findByText('Row 1')
    const query = () => Object.fromEntries(new URLSearchParams(router.state.location.search))

    fireEvent.click(screen.getByTitle('3'))
    expect(await screen.findByText('Row 21')).toBeTruthy()
    expect(query()).toEqual({ id: 'keep', page: '3' })
    expect(fetch).toHaveBeenLastCalledWith({ page: 3, limit: 10, search: '', column: 'createdAt', order: 'desc' })

    fireEvent.click(screen.getByText('Name', { selector: '.ant-table-column-title' }))
    await waitFor(() => expect(query()).toEqual({ id: 'keep', sort: 'name', order: 'asc' }))
    expect(await screen.findByText('Row 1')).toBeTruthy()

    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'blue' } })
    fireEvent.keyDown(screen.getByPlaceholderText('Search'), { key: 'Enter', keyCode: 13 })
    expect(await screen.findByText('blue 1')).toBeTruthy()
    expect(query()).toEqual({ id: 'keep', q: 'blue', sort: 'name', order: 'asc' })

    // Back: the sorted list without the search, its box emptied; again: page 3.
    await act(() => router.navigate(-1))
    expect(await screen.findByText('Row 1')).toBeTruthy()
    expect((screen.getByPlaceholderText('Search') as HTMLInputElement).value).toBe('')
    await act(() => router.navigate(-1))
    expect(await screen.findByText('Row 21')).toBeTruthy()
    expect(query()).toEqual({ id: 'keep', page: '3' })
  })

  it('keeps a tab in the URL; a tab change goes back to page 1 and keeps the search', async () => {
    const fetch = vi.fn(async (q: TableQuery & { tab: string }) => ({
      rows: [{ _id: `${q.tab}-${q.page}`, name: `${q.tab} page ${q.page}` }],
      total: 30,
    }))
    function Tabbed() {
      const [tab, setTab] = useListTab(['pending', 'rejected'] as const, 'pending')
      return (
        <ListCard<Row>
          empty="No rows yet"
          title="Nonprofits"
          tabs={
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as typeof tab)}
              items={[
                { key: 'pending', label: 'Pending' },
                { key: 'rejected', label: 'Rejected' },
              ]}
            />
          }
          searchPlaceholder="Search"
          queryKey={['t', tab]}
          columns={columns}
          fetch={(q) => fetch({ ...q, tab })}
        />
      )
    }
    const { element, router } = atUrl(<Tabbed />, '/new?q=ab&page=2')
    render(element)
    expect(await screen.findByText('pending page 2')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }))
    expect(await screen.findByText('rejected page 1')).toBeTruthy()
    expect(router.state.location.search).toBe('?q=ab&tab=rejected')
    expect(fetch).toHaveBeenLastCalledWith({
      page: 1,
      limit: 10,
      search: 'ab',
      column: 'createdAt',
      order: 'desc',
      tab: 'rejected',
    })
  })

  it('shows the filters beside the search; a filter kept in the URL starts again from page 1', async () => {
    const fetch = vi.fn(async (q: TableQuery & { status?: string; from?: string }) => ({
      rows: [{ _id: '1', name: `${q.status || 'any'} ${q.from || 'ever'} page ${q.page}` }],
      total: 40,
    }))
    function Filtered() {
      const [filters, setFilters] = useListFilters(['status', 'from'] as const)
      return (
        <ListCard<Row>
          empty="No rows yet"
          title="Transactions"
          queryKey={['transaction', 'list', filters]}
          searchPlaceholder="Search"
          filters={
            <>
              <button onClick={() => setFilters({ status: 'failed' })}>Failed only</button>
              <button onClick={() => setFilters({ status: '', from: '2024-03-01' })}>Since March</button>
            </>
          }
          columns={columns}
          fetch={(q) => fetch({ ...q, ...filters })}
        />
      )
    }
    const { element, router } = atUrl(<Filtered />, '/list?q=ab&page=3&status=pending')
    render(element)
    expect(await screen.findByText('pending ever page 3')).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Filters' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Failed only' }))
    expect(await screen.findByText('failed ever page 1')).toBeTruthy()
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'ab', status: 'failed' })
    // Both changes at once: one is set, the other removed.
    fireEvent.click(screen.getByRole('button', { name: 'Since March' }))
    expect(await screen.findByText('any 2024-03-01 page 1')).toBeTruthy()
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'ab',
      from: '2024-03-01',
    })
  })
})
