/**
 * The add and edit dialog of a list whose rows are a name alone (nonprofit and FAQ categories):
 * the shared ConfirmDialog with its Name input, titled 'Add <what>' or 'Edit <what>', Save and
 * Cancel. `openAdd()` and `openEdit(row)` open it on a fresh form (the row's name, or empty);
 * Save calls create or update once with the checked, trimmed name, shows the server's message
 * (or 'Success'), closes and calls `after` (the list's refresh). A failure is shown by the
 * request client; the dialog then stays open with the name.
 *
 * `<ConfirmDialog key={editor.key} {...editor.dialog} />`
 */
import { useCallback, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { ConfirmDialogProps, ConfirmValues } from './ConfirmDialog'
import type { TextLimit } from '../lib/limits'
import { toast } from '../lib/toast'

type Editing<T> = { mode: 'add' } | { mode: 'edit'; row: T }

export interface NameEditorOptions<T> {
  /** What a row is, in the dialog's title ('Category'). */
  what: string
  /** The server's limit of the name. */
  limit: TextLimit
  create: (name: string) => Promise<{ message?: string }>
  update: (row: T, name: string) => Promise<{ message?: string }>
  after: () => void
}

export function useNameEditor<T extends { name: string }>({
  what,
  limit,
  create,
  update,
  after,
}: NameEditorOptions<T>) {
  // The add/edit target stays set while the dialog closes, so its title does not change.
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'add' })
  const [open, setOpen] = useState(false)
  // A fresh form for every opening of the dialog, so it starts from that row's name.
  const [key, setKey] = useState(0)

  const openEditor = useCallback((next: Editing<T>) => {
    setKey((n) => n + 1)
    setEditing(next)
    setOpen(true)
  }, [])
  const openAdd = useCallback(() => openEditor({ mode: 'add' }), [openEditor])
  const openEdit = useCallback((row: T) => openEditor({ mode: 'edit', row }), [openEditor])

  const saving = useMutation({
    mutationFn: ({ target, name }: { target: Editing<T>; name: string }) =>
      target.mode === 'add' ? create(name) : update(target.row, name),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      setOpen(false)
      after()
    },
  })

  const dialog: ConfirmDialogProps = {
    open,
    title: editing.mode === 'edit' ? `Edit ${what}` : `Add ${what}`,
    withName: true,
    nameLimit: limit,
    initialName: editing.mode === 'edit' ? editing.row.name : undefined,
    submitLabel: 'Save',
    cancelLabel: 'Cancel',
    // The dialog has validated and trimmed the name.
    onConfirm: async ({ name }: ConfirmValues) => {
      await saving.mutateAsync({ target: editing, name: name ?? '' })
    },
    onCancel: () => setOpen(false),
  }

  return { openAdd, openEdit, key, dialog }
}
