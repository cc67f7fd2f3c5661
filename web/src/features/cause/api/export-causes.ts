import { apiClient } from '../../../lib/api-client'
import { fileAnswer, saveBlob } from '../../../lib/download'

export interface ExportCausesQuery {
  search: string
  /** 'name' | 'createdAt' | 'isActive', or '' for the server's default. */
  column: string
  order: 'asc' | 'desc' | ''
}

export const CAUSES_EXPORT_FILE = 'causes.xlsx'

/** POST /admin/cause/causeList-excel { search, column, order } (any granted action): the .xlsx as a Blob. */
export async function fetchCausesExcel(query: ExportCausesQuery): Promise<Blob> {
  const res = await apiClient.post<Blob>('/admin/cause/causeList-excel', query, fileAnswer())
  return res.data
}

/** Downloads the causes matching the list's current search and sort, saved as causes.xlsx. */
export async function exportCauses(query: ExportCausesQuery): Promise<void> {
  saveBlob(await fetchCausesExcel(query), CAUSES_EXPORT_FILE)
}
