import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ConfirmDialog } from '../ConfirmDialog'
import { useRowActions } from '../useRowActions'
import { undoLabel } from '../../lib/trash'
import { SLUGS } from '../../lib/modules'
import { mockApi, type MockApi } from '../../testing/mock-api'

interface Row {
  _id: string
  name: string
  isActive?: boolean
}

const ada: Row = { _id: 'l1', name: 'Ada Lovelace' }
const grace: Row = { _id: 'l2', name: 'Grace Hopper' }
const alan: Row = { _id: 'l3', name: 'Alan Turing' }
const RESTORE = 'POST /admin/trash/restore'

// Toasts of an earlier test may still be fading out: each test deletes its own row.
function Harness({ row, trash, reload }: { row: Row; trash?: string; reload: () => void }) {
  const actions = useRowActions<Row>({
    remove: async (r) => ({ message: `${r.name} deleted successfully` }),
    reload,
    describe: (row) => row.name,
    trash,
  })
  return (
    <div>
      <button onClick={() => actions.askDelete(row)}>delete</button>
      <ConfirmDialog {...actions.dialog} />
    </div>
  )
}

async function deleteRow(row: Row) {
  fireEvent.click(screen.getByText('delete'))
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByText('Are you sure you want to Delete ?')).toBeTruthy()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
  await screen.findByText(`${row.name} deleted successfully`)
}

let api: MockApi
beforeEach(() => {
  api = mockApi()
})
afterEach(() => api.restore())

describe('a delete toast with Undo', () => {
  it('offers Undo, named after the record, for a module with a trash; Undo restores it and reloads', async () => {
    api.on(RESTORE, [200, { message: 'Restored successfully', data: { done: [], refused: [] } }])
    const reload = vi.fn()
    render(<Harness row={ada} trash={SLUGS.leadership} reload={reload} />)
    await deleteRow(ada)
    const undo = await screen.findByRole('button', { name: 'Undo delete of Ada Lovelace' })
    // The keyboard's focus is on it, and a screen reader hears that Undo is available.
    await waitFor(() => expect(document.activeElement).toBe(undo))
    expect(screen.getByText(/Undo is available for 5 seconds/)).toBeTruthy()
    expect(reload).toHaveBeenCalledTimes(1)

    fireEvent.click(undo)
    await waitFor(() => expect(api.callsTo(RESTORE)).toHaveLength(1))
    expect(api.callsTo(RESTORE)[0].body).toEqual({ items: [{ module: SLUGS.leadership, _id: 'l1' }] })
    expect(await screen.findByText('Restored successfully')).toBeTruthy()
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2))
  })

  it('offers no Undo for a module without a trash, nor when none is named', async () => {
    const { unmount } = render(<Harness row={grace} trash={SLUGS.notification} reload={vi.fn()} />)
    await deleteRow(grace)
    expect(screen.queryByRole('button', { name: undoLabel('Grace Hopper') })).toBeNull()
    unmount()
    render(<Harness row={alan} reload={vi.fn()} />)
    await deleteRow(alan)
    expect(screen.queryByRole('button', { name: undoLabel('Alan Turing') })).toBeNull()
  })

  it('shows why a restore was refused, and still reloads', async () => {
    api.on(RESTORE, [404, { message: 'Not found in the trash: l4' }])
    const reload = vi.fn()
    const edsger = { _id: 'l4', name: 'Edsger Dijkstra' }
    render(<Harness row={edsger} trash={SLUGS.faq} reload={reload} />)
    await deleteRow(edsger)
    fireEvent.click(await screen.findByRole('button', { name: undoLabel('Edsger Dijkstra') }))
    expect(await screen.findByText('Not found in the trash: l4')).toBeTruthy()
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2))
  })
})
