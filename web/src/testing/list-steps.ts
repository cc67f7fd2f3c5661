/**
 * Steps the list screens' tests share (ListCard, useRowActions): a search typed into the box,
 * and a row's status switched through the shared confirmation.
 */
import { expect } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MockApi } from './mock-api'

/** Types `text` into the search box: after the pause the list is asked once with it, from page 1. */
export async function searchesOnce(placeholder: string, text: string, listBodies: () => unknown[]): Promise<void> {
  await userEvent.type(screen.getByPlaceholderText(placeholder), text)
  await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ search: text, page: 1 }), { timeout: 3000 })
  expect(listBodies().filter((b) => (b as { search: string }).search !== '')).toHaveLength(1)
}

export interface StatusChange {
  api: MockApi
  /** The row's name ('Status of <name>' is its switch). */
  row: string
  /** The confirmation's title. */
  title: string
  /** The status call ('PATCH /admin/...'), answered by the test. */
  call: string
  /** The status it sends. */
  isActive: boolean
  /** The server's message, shown after the call. */
  message: string
  listBodies: () => unknown[]
}

/**
 * Presses the row's status switch, finds the confirmation's exact title and answers Yes: the
 * call is made once with the new status, its message shows and the list is asked again.
 * Answers the dialog.
 */
export async function confirmsStatus({
  api,
  row,
  title,
  call,
  isActive,
  message,
  listBodies,
}: StatusChange): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('switch', { name: `Status of ${row}` }))
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByText(title)).toBeTruthy()
  const before = listBodies().length
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
  await waitFor(() => expect(api.callsTo(call)).toHaveLength(1))
  expect(api.callsTo(call)[0].body).toEqual({ isActive })
  expect(await screen.findByText(message)).toBeTruthy()
  await waitFor(() => expect(listBodies().length).toBe(before + 1))
  return dialog
}
