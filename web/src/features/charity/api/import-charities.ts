import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { ImportSummary } from '../types'

/** Upload progress in percent (0..100). */
export type ProgressHandler = (percent: number) => void

/**
 * POST /admin/charity/import, multipart `file` (an IRS Business Master File CSV; delete right):
 * the dry-run summary, with the `importId` to apply.
 */
export async function uploadCharityImport(
  file: File,
  onProgress?: ProgressHandler,
): Promise<ApiEnvelope<ImportSummary>> {
  const form = new FormData()
  form.append('file', file, file.name)
  // FormData: the browser sets the multipart Content-Type and its boundary.
  const res = await apiClient.post<ApiEnvelope<ImportSummary>>('/admin/charity/import', form, {
    onUploadProgress: (event) => {
      if (!onProgress) return
      const total = event.total ?? file.size
      onProgress(total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 100)
    },
  })
  return res.data
}

/** POST /admin/charity/import/{importId}/apply: writes the upload; the same summary after writing. */
export async function applyCharityImport(importId: string): Promise<ApiEnvelope<ImportSummary>> {
  const res = await apiClient.post<ApiEnvelope<ImportSummary>>(
    `/admin/charity/import/${encodeURIComponent(importId)}/apply`,
    {},
  )
  return res.data
}
