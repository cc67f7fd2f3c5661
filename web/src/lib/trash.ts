/**
 * The trash (issue 36): every delete of a module with a trash (modules.json `trash`) moves the
 * record there, from where it is restored (a delete toast's Undo, the Trash screen) or deleted
 * for good. Shared here because a delete's Undo (components/UndoDelete.ts) restores as the
 * Trash screen does; the screen's own calls are in features/trash/api.
 */
import type { components } from '../api/schema'
import { apiClient, type ApiEnvelope } from './api-client'

/*
 * The generated types name today's modules with a trash one by one; the console reads them from
 * modules.json (a module given a trash later needs no change here), so a module is a slug.
 */
type Slugged<T> = Omit<T, 'module'> & { module: string }

/** A record of the trash: its module (slug) and id. */
export type TrashItemRef = Slugged<Required<components['schemas']['TrashItemRef']>>
/** A deleted record as the Trash lists it: who deleted it when, and when it is deleted for good. */
export type TrashItem = Slugged<components['schemas']['TrashItem']>
/** A record the server refused to restore or purge, and why. */
export type TrashRefusal = Slugged<components['schemas']['Refused']>
/** What a restore or purge did: each record done, each refused with its reason. */
export interface TrashOutcome {
  done: TrashItemRef[]
  refused: TrashRefusal[]
}

/** Records one restore or purge call takes (the BFF's limit). */
export const TRASH_BATCH = 500

/**
 * POST /admin/trash/restore (the delete right of each record's module): 'Restored successfully',
 * or each refusal listed. One record that is refused answers its own status and message (404 'Not
 * found in the trash: ...', 409 with the reason), which the request client shows.
 */
export async function restoreFromTrash(items: TrashItemRef[]): Promise<ApiEnvelope<TrashOutcome>> {
  return (await apiClient.post<ApiEnvelope<TrashOutcome>>('/admin/trash/restore', { items })).data
}

/** A record's key in a list of records of several modules (ids are unique within a module only). */
export const trashKey = (item: TrashItemRef): string => `${item.module} ${item._id}`

/** A deleted record that a delete toast's Undo can bring back: its module (slug), id and name. */
export interface Undoable {
  module: string
  _id: string
  name: string
}

/** The Undo button's name: what it undoes. */
export const undoLabel = (name: string): string => (name ? `Undo delete of ${name}` : 'Undo delete')
