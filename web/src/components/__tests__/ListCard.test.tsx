import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { ListCard } from '../ListCard'
import type { TableQuery } from '../DataTable'

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
    render(
      <ListCard<Row>
        title="Causes"
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
    expect(screen.getByText('Causes')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add New Cause' })).toBeTruthy()
    expect(screen.getByText('the tabs')).toBeTruthy()
    expect(screen.getByText('a dialog')).toBeTruthy()
    expect(await screen.findByText('Everything')).toBeTruthy()
    expect(fetch).toHaveBeenCalledWith({ page: 1, limit: 10, search: '', column: 'createdAt', order: 'desc' })
  })

  it('sends the search text to the table, only from the minimum length on', async () => {
    const fetch = fetcher()
    render(
      <ListCard<Row>
        title="Nonprofits"
        searchPlaceholder="Search by Nonprofit Name"
        searchMinLength={3}
        defaultSort={{ column: 'charityName', order: 'asc' }}
        columns={columns}
        fetch={fetch}
      />,
    )
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
