import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import BulkActions, { type BulkResult } from '../BulkActions'
import { bulkTitle, toCsv } from '../bulk-run'
import { bulkVerbs } from '../../lib/bulk'
import { SLUGS, type Action } from '../../lib/modules'
import { mockApi, type MockApi } from '../../testing/mock-api'
import { queryWrapper } from '../../testing/query-wrapper'
import { subAdmin } from '../../testing/users'
import { useSession } from '../../lib/session'

interface Row {
  _id: string
  name: string
  isActive: boolean
  createdAt: number
}

const rows: Row[] = [
  { _id: 'a', name: 'Ada', isActive: true, createdAt: 0 },
  { _id: 'b', name: 'Bo', isActive: true, createdAt: 0 },
  { _id: 'c', name: 'Cy, "the third"', isActive: false, createdAt: 0 },
]

let api: MockApi
beforeEach(() => {
  api = mockApi()
})
afterEach(() => api.restore())

function Bar({
  grants,
  report = vi.fn(),
  module = SLUGS.donor,
}: {
  grants: Record<string, Action[]>
  report?: (r: BulkResult | null) => void
  module?: string
}) {
  useSession.getState().signIn(subAdmin(grants))
  return (
    <BulkActions<Row>
      module={module}
      list="Donor Management"
      area="donor"
      selection={{ all: false, rows, count: rows.length }}
      clear={vi.fn()}
      columns={[{ title: 'Name', key: 'name', dataIndex: 'name' }]}
      fetch={async () => ({ rows, total: rows.length })}
      search=""
      nameOf={(row) => row.name}
      report={report}
    />
  )
}

describe('bulk actions', () => {
  it('offers only the actions the user holds, by the rules of the single-row paths', () => {
    const holding =
      (...held: Array<[string, Action]>) =>
      (slug: string, action: Action) =>
        held.some(([s, a]) => s === slug && a === action)
    expect(bulkVerbs(SLUGS.donor, holding([SLUGS.donor, 'status']))).toEqual(['status'])
    expect(bulkVerbs(SLUGS.donor, holding([SLUGS.donor, 'status'], [SLUGS.donor, 'delete']))).toEqual([
      'status',
      'delete',
    ])
    // Approving needs the pending list's view and the partners' status right, both.
    expect(bulkVerbs(SLUGS.pendingPartner, holding([SLUGS.pendingPartner, 'view']))).toEqual([])
    expect(bulkVerbs(SLUGS.pendingPartner, holding([SLUGS.pendingPartner, 'view'], [SLUGS.partner, 'status']))).toEqual(
      ['approve', 'reject'],
    )
    expect(bulkVerbs(SLUGS.transaction, () => true)).toEqual([])
    // A nonprofit's status, as its single-row path: status, edit or add.
    expect(bulkVerbs(SLUGS.charity, holding([SLUGS.charity, 'edit']))).toEqual(['status'])
    expect(bulkVerbs(SLUGS.charity, holding([SLUGS.charity, 'view']))).toEqual([])
  })

  it('names how many rows each confirm acts on', () => {
    expect(bulkTitle({ verb: 'status', isActive: false }, 12, SLUGS.donor)).toBe('Deactivate 12 rows?')
    expect(bulkTitle({ verb: 'status', isActive: true }, 1, SLUGS.donor)).toBe('Activate 1 row?')
    expect(bulkTitle({ verb: 'delete' }, 3, SLUGS.cause)).toBe('Delete 3 rows? They go to the Trash.')
    expect(bulkTitle({ verb: 'approve' }, 2, SLUGS.pendingPartner)).toBe('Approve 2 rows?')
    expect(bulkTitle({ verb: 'reject' }, 2, SLUGS.pendingPartner)).toBe('Reject 2 rows?')
  })

  it('shows the buttons it is given, confirms with the count, and reports each refused row', async () => {
    api.on('POST /admin/bulk', [
      200,
      {
        message: '2 of 3 done, 1 refused',
        data: { done: ['a', 'b'], refused: [{ _id: 'c', message: 'Donor not found' }] },
      },
    ])
    const report = vi.fn()
    render(<Bar grants={{ [SLUGS.donor]: ['view', 'status'] }} report={report} />, { wrapper: queryWrapper() })
    expect(screen.queryByRole('button', { name: /Delete$/ })).toBeNull()
    expect(screen.getByRole('button', { name: /Export$/ })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: /Deactivate$/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Deactivate 3 rows?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() =>
      expect(report).toHaveBeenCalledWith({ title: 'Not done: 1 row', lines: ['Cy, "the third": Donor not found'] }),
    )
    expect(api.callsTo('POST /admin/bulk')[0].body).toEqual({
      module: SLUGS.donor,
      action: 'status',
      isActive: false,
      ids: ['a', 'b', 'c'],
    })
  })

  it('asks one reason to reject them all', async () => {
    api.on('POST /admin/bulk', [
      200,
      { message: 'Giving partner rejected successfully', data: { done: ['a', 'b', 'c'], refused: [] } },
    ])
    const report = vi.fn()
    render(
      <Bar
        grants={{ [SLUGS.pendingPartner]: ['view'], [SLUGS.partner]: ['status'] }}
        module={SLUGS.pendingPartner}
        report={report}
      />,
      {
        wrapper: queryWrapper(),
      },
    )
    await userEvent.click(screen.getByRole('button', { name: /Reject$/ }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await within(dialog).findByText('Please Enter Add Reason')).toBeTruthy()
    expect(api.callsTo('POST /admin/bulk')).toHaveLength(0)
    await userEvent.type(within(dialog).getByRole('textbox'), 'Not a fit')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(report).toHaveBeenCalledWith(null))
    expect(api.callsTo('POST /admin/bulk')[0].body).toMatchObject({ action: 'reject', reason: 'Not a fit' })
  })

  it('runs all matching over the job threshold as a job when the list names its filter, else acts on 10,000', async () => {
    api.on('GET /auth/metaData', [200, { data: { bulkJobThreshold: 5 } }])
    api.on('POST /admin/bulk/jobs', [
      200,
      { data: { _id: 'j1', state: 'running', total: 12, done: 0, refusedCount: 0, refused: [], message: '' } },
    ])
    api.on('GET /admin/bulk/jobs/j1', [
      200,
      {
        data: {
          _id: 'j1',
          state: 'done',
          total: 12,
          done: 12,
          refusedCount: 0,
          refused: [],
          message: 'Donor activated successfully',
        },
      },
    ])
    const report = vi.fn()
    const props = {
      module: SLUGS.donor,
      list: 'Donor Management',
      area: 'donor',
      selection: { all: true as const, count: 12 },
      clear: vi.fn(),
      columns: [],
      fetch: async () => ({ rows, total: 12 }),
      search: 'ex',
      nameOf: (row: Row) => row.name,
      report,
    }
    useSession.getState().signIn(subAdmin({ [SLUGS.donor]: ['view', 'status'] }))
    render(<BulkActions<Row> {...props} filter={{ isActive: false }} />, { wrapper: queryWrapper() })
    await userEvent.click(screen.getByRole('button', { name: /Activate$/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Activate 12 rows?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(report).toHaveBeenCalledWith(null), { timeout: 4000 })
    expect(api.callsTo('POST /admin/bulk/jobs')[0].body).toEqual({
      module: SLUGS.donor,
      action: 'status',
      isActive: true,
      filter: { isActive: false, search: 'ex' },
    })
    expect(api.callsTo('POST /admin/bulk')).toHaveLength(0)
  })

  it('without a named filter, all matching over 10,000 confirms and acts on 10,000', async () => {
    useSession.getState().signIn(subAdmin({ [SLUGS.donor]: ['view', 'status'] }))
    render(
      <BulkActions<Row>
        module={SLUGS.donor}
        list="Donors"
        area="donor"
        selection={{ all: true, count: 25_000 }}
        clear={vi.fn()}
        columns={[]}
        fetch={async () => ({ rows, total: 25_000 })}
        search=""
        nameOf={(row) => row.name}
        report={vi.fn()}
      />,
      { wrapper: queryWrapper() },
    )
    await userEvent.click(screen.getByRole('button', { name: /Deactivate$/ }))
    expect(within(await screen.findByRole('dialog')).getByText('Deactivate 10000 rows?')).toBeTruthy()
  })

  it('exports the rows as the table shows them', () => {
    const csv = toCsv<Row>(
      [
        { title: 'Name', key: 'name', dataIndex: 'name', render: (name: string) => <b>{name}</b> },
        { title: 'Status', key: 'status' },
        { title: 'Action', key: 'action', render: () => 'Edit' },
      ],
      rows,
    )
    expect(csv).toBe('Name,Status\r\nAda,Active\r\nBo,Active\r\n"Cy, ""the third""",Inactive\r\n')
  })
})
