import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

/** DELETE /admin/user/delete/{id} (delete); the donor's transactions stay, as 'Deleted donor'. */
export async function deleteDonor(id: string): Promise<ApiEnvelope<unknown>> {
  return (await apiClient.delete<ApiEnvelope<unknown>>(`/admin/user/delete/${encodeURIComponent(id)}`)).data
}
