import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ImportBusinessMasterFile } from '../ImportBusinessMasterFile'
import { applyCharityImport, uploadCharityImport, type ProgressHandler } from '../../api/import-charities'
import type { ImportSummary } from '../../types'

vi.mock('../../api/import-charities', () => ({
  uploadCharityImport: vi.fn(),
  applyCharityImport: vi.fn(),
}))

const upload = vi.mocked(uploadCharityImport)
const apply = vi.mocked(applyCharityImport)

const summary: ImportSummary = {
  importId: 'imp-9',
  rows: 3,
  new: 3,
  changed: 0,
  unchanged: 0,
  skipped: 0,
  invalid: 0,
  errors: [],
}

beforeEach(() => {
  upload.mockReset()
  apply.mockReset()
})

const csv = new File(['EIN,NAME\n'], 'eo_ia.csv', { type: 'text/csv' })

/** Picks the file, once the dialog is there (its Modal is fetched when first opened: LazyModal). */
async function choose() {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]')
    if (!found) throw new Error('no file input yet')
    return found
  })
  fireEvent.change(input, { target: { files: [csv] } })
}

describe('ImportBusinessMasterFile', () => {
  it('shows the upload progress reported by the request, then the dry run', async () => {
    let progress!: ProgressHandler
    let finish!: () => void
    upload.mockImplementation((_file, onProgress) => {
      progress = onProgress!
      return new Promise((ok) => (finish = () => ok({ message: 'ok', data: summary })))
    })
    render(<ImportBusinessMasterFile open onClose={vi.fn()} onApplied={vi.fn()} />)
    await choose()
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }))
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1))
    expect(upload.mock.calls[0][0]).toBe(csv)
    const bar = await screen.findByRole('progressbar')
    expect(bar.getAttribute('aria-valuenow')).toBe('0')
    act(() => progress(40))
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'))
    act(() => progress(100))
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100'))
    await act(async () => finish())
    expect(await screen.findByText(/Dry run/)).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.queryByText('Invalid rows')).toBeNull()
  })

  it('Apply sends the import id once and reports it applied', async () => {
    upload.mockResolvedValue({ message: 'ok', data: summary })
    let finish!: () => void
    apply.mockImplementation(
      () => new Promise((ok) => (finish = () => ok({ message: 'Imported', data: { ...summary, new: 3 } }))),
    )
    const onApplied = vi.fn()
    render(<ImportBusinessMasterFile open onClose={vi.fn()} onApplied={onApplied} />)
    await choose()
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }))
    const button = await screen.findByRole('button', { name: 'Apply' })
    fireEvent.click(button)
    fireEvent.click(button)
    await act(async () => finish())
    expect(await screen.findByText('Import applied')).toBeTruthy()
    expect(apply).toHaveBeenCalledTimes(1)
    expect(apply).toHaveBeenCalledWith('imp-9')
    expect(onApplied).toHaveBeenCalledTimes(1)
  })

  it('a failed upload goes back to the file with the message', async () => {
    upload.mockRejectedValue(new Error('The file is not a Business Master File'))
    render(<ImportBusinessMasterFile open onClose={vi.fn()} onApplied={vi.fn()} />)
    await choose()
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('The file is not a Business Master File')).toBeTruthy()
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('eo_ia.csv')).toBeTruthy()
    // (jsdom never ends the leaving loading icon's motion, which stays in the name)
    expect(within(dialog).getByRole('button', { name: /Upload$/ })).toBeTruthy()
  })

  it('Cancel closes', async () => {
    const onClose = vi.fn()
    render(<ImportBusinessMasterFile open onClose={onClose} onApplied={vi.fn()} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalled()
  })
})
