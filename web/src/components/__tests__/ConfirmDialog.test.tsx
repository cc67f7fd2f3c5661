import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { ConfirmDialog } from '../ConfirmDialog'
import { LIMITS } from '../../lib/limits'

/** Renders an open dialog and waits for it (its Modal is fetched when first opened: LazyModal). */
async function renderOpen(ui: ReactElement) {
  const view = render(ui)
  await screen.findByRole('dialog')
  return view
}

describe('ConfirmDialog', () => {
  it('shows the title, the small text and Yes/No', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    await renderOpen(
      <ConfirmDialog
        open
        title="Are you sure you want to Delete ?"
        text="Ann Lee"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    expect(screen.getByText('Are you sure you want to Delete ?')).toBeTruthy()
    expect(screen.getByText('Ann Lee')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(onConfirm).toHaveBeenCalledWith({ name: undefined, reason: undefined })
    await userEvent.click(screen.getByRole('button', { name: 'No' }))
    expect(onCancel).toHaveBeenCalled()
  })

  it('validates the Name input', async () => {
    const onConfirm = vi.fn()
    await renderOpen(
      <ConfirmDialog
        open
        title="Add Category"
        withName
        submitLabel="Save"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please enter Name')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Name'), '   ')
    expect(await screen.findByText('Please enter valid Name')).toBeTruthy()
    expect(onConfirm).not.toHaveBeenCalled()
    await userEvent.clear(screen.getByLabelText('Name'))
    await userEvent.type(screen.getByLabelText('Name'), ' Health ')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ name: 'Health', reason: undefined }))
  })

  it('Enter in the Name input saves, as the Save button does', async () => {
    const onConfirm = vi.fn()
    await renderOpen(
      <ConfirmDialog open title="Add Category" withName submitLabel="Save" onConfirm={onConfirm} onCancel={() => {}} />,
    )
    await userEvent.type(screen.getByLabelText('Name'), 'Health{Enter}')
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ name: 'Health', reason: undefined }))
  })

  it('requires a reason', async () => {
    const onConfirm = vi.fn()
    await renderOpen(<ConfirmDialog open title="Reject" withReason onConfirm={onConfirm} onCancel={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Please Enter Add Reason')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Reason'), 'Missing documents')
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ name: undefined, reason: 'Missing documents' }))
  })

  it("holds the reason to the server's limit of its use: the charity's 1000, the giving partner's 500", async () => {
    const onConfirm = vi.fn()
    const { unmount } = await renderOpen(
      <ConfirmDialog
        open
        title="Reject"
        withReason
        reasonLimit={LIMITS.charity.rejectReason}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    )
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).maxLength).toBe(1000)
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'r'.repeat(1001) } })
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Reason must be at most 1000 characters')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: ' \n ' } })
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Please Enter Add Reason')).toBeTruthy()
    expect(onConfirm).not.toHaveBeenCalled()
    unmount()

    await renderOpen(
      <ConfirmDialog
        open
        title="Reject"
        withReason
        reasonLimit={LIMITS.partner.rejectReason}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    )
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'r'.repeat(501) } })
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Reason must be at most 500 characters')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'r'.repeat(500) } })
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ name: undefined, reason: 'r'.repeat(500) }))
  })

  it('holds the Name to the limit it is given', async () => {
    const onConfirm = vi.fn()
    await renderOpen(
      <ConfirmDialog
        open
        title="Add Category"
        withName
        nameLimit={LIMITS.faqCategory.name}
        submitLabel="Save"
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    )
    expect((screen.getByLabelText('Name') as HTMLInputElement).maxLength).toBe(100)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'n'.repeat(101) } })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Name must be at most 100 characters')).toBeTruthy()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('read-only reason: shown, not editable, no submit button', async () => {
    await renderOpen(
      <ConfirmDialog
        open
        title="Rejected Reason"
        withReason
        reasonReadOnly
        reason="Duplicate"
        cancelLabel="Cancel"
        onCancel={() => {}}
      />,
    )
    const area = screen.getByLabelText('Reason') as HTMLTextAreaElement
    expect(area.value).toBe('Duplicate')
    expect(area.readOnly).toBe(true)
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  it('Cancel closes and resets the form', async () => {
    const onCancel = vi.fn()
    const { rerender } = await renderOpen(<ConfirmDialog open title="Add" withName onCancel={onCancel} />)
    await userEvent.type(screen.getByLabelText('Name'), 'Draft')
    await userEvent.click(screen.getByRole('button', { name: 'No' }))
    expect(onCancel).toHaveBeenCalled()
    rerender(<ConfirmDialog open={false} title="Add" withName onCancel={onCancel} />)
    rerender(<ConfirmDialog open title="Add" withName onCancel={onCancel} />)
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''))
  })
})
