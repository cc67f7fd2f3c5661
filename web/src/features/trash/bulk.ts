/**
 * Restoring or deleting for good many records of the trash at once: the records of "all
 * matching" are collected page by page from the list (at most MAX_MATCHING), then sent in batches
 * of TRASH_BATCH (the server's limit per call); what each batch did is summed up.
 */
import type { ApiEnvelope } from '../../lib/api-client'
import type { TablePage, TableQuery } from '../../lib/list-page'
import { TRASH_BATCH, trashKey, type TrashItem, type TrashOutcome, type TrashRefusal } from '../../lib/trash'

export type TrashVerb = 'restore' | 'purge'

/** The most records "Select all matching" acts on. */
export const MAX_MATCHING = 10_000
/** Rows asked per page while collecting "all matching" (the list's largest page). */
const COLLECT_PAGE = 1000

/** Every record the list's filter matches, newest first, at most MAX_MATCHING. */
export async function collectMatching(
  list: (query: TableQuery) => Promise<TablePage<TrashItem>>,
): Promise<TrashItem[]> {
  const found: TrashItem[] = []
  for (let page = 1; found.length < MAX_MATCHING; page += 1) {
    const { rows, total } = await list({ page, limit: COLLECT_PAGE, search: '', column: 'deletedAt', order: 'desc' })
    found.push(...rows)
    if (rows.length < COLLECT_PAGE || found.length >= total) break
  }
  return found.slice(0, MAX_MATCHING)
}

/** Sends `items` in batches and sums up what was done and refused; the message is the last batch's. */
export async function inBatches(
  items: TrashItem[],
  call: (batch: Array<Pick<TrashItem, 'module' | '_id'>>) => Promise<ApiEnvelope<TrashOutcome>>,
): Promise<TrashOutcome & { message: string }> {
  const outcome: TrashOutcome & { message: string } = { message: '', done: [], refused: [] }
  for (let start = 0; start < items.length; start += TRASH_BATCH) {
    const batch = items.slice(start, start + TRASH_BATCH).map(({ module, _id }) => ({ module, _id }))
    const res = await call(batch)
    outcome.message = res.message
    outcome.done.push(...(res.data?.done ?? []))
    outcome.refused.push(...(res.data?.refused ?? []))
  }
  return outcome
}

/** 'Restored 2 of 3: 1 refused' (or all of them). */
export function summary(verb: TrashVerb, asked: number, done: number): string {
  const did = verb === 'restore' ? 'Restored' : 'Deleted for good'
  const refused = asked - done
  return refused > 0 ? `${did} ${done} of ${asked}: ${refused} refused` : `${did} ${done} of ${asked}`
}

/** Each refused record with its reason: 'Ada Lovelace: a record with this name exists'. */
export function refusalLines(refused: TrashRefusal[], names: Map<string, string>): string[] {
  return refused.map((r) => `${names.get(trashKey(r)) ?? r._id}: ${r.message}`)
}
