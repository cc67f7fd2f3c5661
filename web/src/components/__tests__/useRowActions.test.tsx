import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ConfirmDialog } from '../ConfirmDialog'
import { useRowActions, type RowActionResult, type RowActions } from '../useRowActions'
import { deferred } from '../../testing/deferred'

interface Row {
  _id: string
  name: string
  isActive: boolean
}

const water: Row = { _id: 'r1', name: 'Clean Water', isActive: true }
const books: Row = { _id: 'r2', name: 'Books', isActive: false }

interface HarnessProps {
  setStatus: (row: Row, isActive: boolean) => Promise<RowActionResult>
  remove: (row: Row) => Promise<RowActionResult>
  reload: () => void
  expose?: (actions: RowActions<Row>) => void
}

function Harness({ setStatus, remove, reload, expose }: HarnessProps) {
  // Re-renders with fresh inline options, as a screen does.
  const [renders, setRenders] = useState(0)
  const actions = useRowActions<Row>({
    setStatus: (row, isActive) => setStatus(row, isActive),
    remove: (row) => remove(row),
    reload,
    describe: (row) => row.name,
  })
  expose?.(actions)
  return (
    <div>
      <button onClick={() => actions.askStatus(water)}>toggle water</button>
      <button onClick={() => actions.askStatus(books)}>toggle books</button>
      <button onClick={() => actions.askDelete(books)}>delete books</button>
      <button onClick={() => setRenders((n) => n + 1)}>rerender {renders}</button>
      <output data-testid="open">{String(actions.dialog.open)}</output>
      <output data-testid="pending">
        {actions.pending ? `${actions.pending.kind}:${actions.pending.row._id}` : 'none'}
      </output>
      <ConfirmDialog {...actions.dialog} />
    </div>
  )
}

const isOpen = () => screen.getByTestId('open').textContent === 'true'
const dialogEl = () => screen.getByRole('dialog')
const yes = () => within(dialogEl()).getByRole('button', { name: 'Yes' })

describe('useRowActions', () => {
  it('asks with the exact titles and the row name', async () => {
    render(<Harness setStatus={vi.fn()} remove={vi.fn()} reload={vi.fn()} />)
    fireEvent.click(screen.getByText('toggle water'))
    expect(within(await screen.findByRole('dialog')).getByText('Are you sure Inactive this status ?')).toBeTruthy()
    expect(within(dialogEl()).getByText('Clean Water')).toBeTruthy()
    fireEvent.click(within(dialogEl()).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(isOpen()).toBe(false))

    fireEvent.click(screen.getByText('toggle books'))
    await waitFor(() => expect(within(dialogEl()).getByText('Are you sure Active this status ?')).toBeTruthy())
    fireEvent.click(within(dialogEl()).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(isOpen()).toBe(false))

    fireEvent.click(screen.getByText('delete books'))
    await waitFor(() => expect(within(dialogEl()).getByText('Are you sure you want to Delete ?')).toBeTruthy())
  })

  it('Yes sends the opposite status once, shows the message, closes and reloads', async () => {
    const setStatus = vi.fn(async () => ({ message: 'Deactivated' }))
    const reload = vi.fn()
    render(<Harness setStatus={setStatus} remove={vi.fn()} reload={reload} />)
    fireEvent.click(screen.getByText('toggle water'))
    await screen.findByRole('dialog')
    fireEvent.click(yes())
    await waitFor(() => expect(isOpen()).toBe(false))
    expect(setStatus).toHaveBeenCalledTimes(1)
    expect(setStatus).toHaveBeenCalledWith(water, false)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('pending').textContent).toBe('none')
    expect(await screen.findByText('Deactivated')).toBeTruthy()
    // The closing dialog keeps the title it was answered with.
    expect(within(dialogEl()).getByText('Are you sure Inactive this status ?')).toBeTruthy()
  })

  it('closes on a failed call too, without a success toast, and can be opened again', async () => {
    const setStatus = vi.fn(async () => {
      throw new Error('refused')
    })
    const reload = vi.fn()
    render(<Harness setStatus={setStatus} remove={vi.fn()} reload={reload} />)
    fireEvent.click(screen.getByText('toggle water'))
    await screen.findByRole('dialog')
    fireEvent.click(yes())
    await waitFor(() => expect(isOpen()).toBe(false))
    expect(setStatus).toHaveBeenCalledTimes(1)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('Success')).toBeNull()

    fireEvent.click(screen.getByText('delete books'))
    await waitFor(() => expect(isOpen()).toBe(true))
    expect(screen.getByTestId('pending').textContent).toBe('delete:r2')
  })

  it('a second Yes while the call runs sends nothing more', async () => {
    const call = deferred<RowActionResult>()
    const remove = vi.fn(() => call.promise)
    const reload = vi.fn()
    render(<Harness setStatus={vi.fn()} remove={remove} reload={reload} />)
    fireEvent.click(screen.getByText('delete books'))
    await screen.findByRole('dialog')
    const button = yes()
    fireEvent.click(button)
    fireEvent.click(button)
    fireEvent.click(button)
    await act(async () => call.resolve({ message: 'Deleted' }))
    await waitFor(() => expect(isOpen()).toBe(false))
    expect(remove).toHaveBeenCalledTimes(1)
    expect(remove).toHaveBeenCalledWith(books)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('does not open a second time while a dialog is shown', async () => {
    const setStatus = vi.fn(async () => ({ message: 'ok' }))
    render(<Harness setStatus={setStatus} remove={vi.fn()} reload={vi.fn()} />)
    fireEvent.click(screen.getByText('toggle water'))
    fireEvent.click(screen.getByText('toggle books'))
    fireEvent.click(screen.getByText('delete books'))
    await screen.findByRole('dialog')
    expect(screen.getByTestId('pending').textContent).toBe('status:r1')
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    fireEvent.click(yes())
    await waitFor(() => expect(isOpen()).toBe(false))
    expect(setStatus).toHaveBeenCalledTimes(1)
    expect(setStatus).toHaveBeenCalledWith(water, false)
  })

  it('a confirm handler kept from an older render still acts on the pending row with the latest calls', async () => {
    let latest: RowActions<Row> | null = null
    const first: RowActions<Row>[] = []
    const oldCall = vi.fn(async () => ({ message: 'old' }))
    const newCall = vi.fn(async () => ({ message: 'Activated' }))
    const reload = vi.fn()
    const expose = (actions: RowActions<Row>) => {
      if (first.length === 0) first.push(actions)
      latest = actions
    }
    const { rerender } = render(<Harness setStatus={oldCall} remove={vi.fn()} reload={reload} expose={expose} />)
    // Handlers captured before the dialog opened (as a cached modal footer would hold them).
    const staleConfirm = first[0].dialog.onConfirm
    const staleCancel = first[0].dialog.onCancel
    expect(staleConfirm).toBe(latest!.dialog.onConfirm)

    rerender(<Harness setStatus={newCall} remove={vi.fn()} reload={reload} expose={expose} />)
    fireEvent.click(screen.getByText('toggle books'))
    await waitFor(() => expect(isOpen()).toBe(true))
    fireEvent.click(screen.getByText(/rerender/))
    await act(async () => staleConfirm())
    expect(isOpen()).toBe(false)
    expect(oldCall).not.toHaveBeenCalled()
    expect(newCall).toHaveBeenCalledWith(books, true)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(staleCancel).toBe(latest!.dialog.onCancel)
  })

  it('Yes after No does nothing', async () => {
    const setStatus = vi.fn(async () => ({ message: 'ok' }))
    let actions: RowActions<Row> | null = null
    render(<Harness setStatus={setStatus} remove={vi.fn()} reload={vi.fn()} expose={(a) => (actions = a)} />)
    fireEvent.click(screen.getByText('toggle water'))
    await screen.findByRole('dialog')
    const confirm = actions!.dialog.onConfirm
    fireEvent.click(within(dialogEl()).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(isOpen()).toBe(false))
    await act(async () => confirm())
    expect(setStatus).not.toHaveBeenCalled()
  })
})
