/**
 * The Trash screen's calls (issue 36): the list of deleted records and their purge; the restore
 * is shared with a delete's Undo (lib/trash.ts).
 */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { listPage, type TableQuery } from '../../../lib/list-page'
import type { TrashItem, TrashItemRef, TrashOutcome } from '../../../lib/trash'

/** POST /admin/trash/list: newest first; `modules` narrows it ([]: every module the caller may delete in). */
export const listTrash = (query: TableQuery & { modules: string[] }) => listPage<TrashItem>('/admin/trash/list', query)

/**
 * POST /admin/trash/purge (the delete right of each record's module): deletes records for good,
 * or lists each refusal. One record that is refused answers its own status and message.
 */
export async function purgeFromTrash(items: TrashItemRef[]): Promise<ApiEnvelope<TrashOutcome>> {
  return (await apiClient.post<ApiEnvelope<TrashOutcome>>('/admin/trash/purge', { items })).data
}
