/** Events: /admin/event/ and /v1/event/ (module /event). */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import { fileAnswer, saveBlob, type OnDownloadProgress } from '../../../lib/download'
import { listPage, type TableQuery, type TablePage } from '../../../lib/list-page'
import type { Event, EventFilter, EventInput, EventMember, FindEventAnswer, MemberStatus } from '../types'

const BASE = '/admin/event'
const enc = encodeURIComponent

/** POST eventFilter (view) + filter: 'upcoming' (soonest first), 'past' (latest first) or 'deleted'; search on title. */
export const listEvents = (query: TableQuery & { filter: EventFilter }) => listPage<Event>(`${BASE}/eventFilter`, query)

/** POST findEvent/{id} { status, page, limit, search }: the event and one page of the members of that mode. */
export async function findEvent(
  id: string,
  query: { status: MemberStatus; page: number; limit: number; search: string },
): Promise<{ event: Event; members: TablePage<EventMember> }> {
  const res = await apiClient.post<ApiEnvelope<FindEventAnswer>>(`${BASE}/findEvent/${enc(id)}`, query)
  const data = res.data.data
  return { event: data.event, members: { rows: data.members ?? [], total: res.data.total_records ?? 0 } }
}

/** The event itself (findEvent asks no more than one member); 404 'Event not found'. */
export async function getEvent(id: string): Promise<Event> {
  return (await findEvent(id, { status: 1, page: 1, limit: 1, search: '' })).event
}

/** One page of the members of one mode, as a table asks it. */
export async function listEventMembers(
  id: string,
  status: MemberStatus,
  query: TableQuery,
): Promise<TablePage<EventMember>> {
  return (await findEvent(id, { status, page: query.page, limit: query.limit, search: query.search })).members
}

/** POST addEvent (add) -> "Event created successfully". */
export async function createEvent(body: EventInput): Promise<ApiEnvelope<Event>> {
  return (await apiClient.post<ApiEnvelope<Event>>(`${BASE}/addEvent`, body)).data
}

/** PATCH editEvent/{id} (edit) -> "Event updated successfully". */
export async function updateEvent(id: string, body: EventInput): Promise<ApiEnvelope<Event>> {
  return (await apiClient.patch<ApiEnvelope<Event>>(`${BASE}/editEvent/${enc(id)}`, body)).data
}

/** POST deleteEvent/{id} { isDeleted } (delete): true deletes, false restores (SPEC section 4). */
export async function deleteEvent(id: string, isDeleted: boolean): Promise<ApiEnvelope<Event>> {
  return (await apiClient.post<ApiEnvelope<Event>>(`${BASE}/deleteEvent/${enc(id)}`, { isDeleted })).data
}

/** DELETE /v1/event/removeMember { _id } (edit): answers the mode the member was in. */
export async function removeEventMember(membershipId: string): Promise<ApiEnvelope<{ status: MemberStatus }>> {
  return (
    await apiClient.delete<ApiEnvelope<{ status: MemberStatus }>>('/v1/event/removeMember', {
      data: { _id: membershipId },
    })
  ).data
}

export const eventExportFile = (id: string) => `event-${id}.xlsx`

/** GET /v1/event/eventDetailsExport/{id}: the event and all its members as an .xlsx Blob (streamed). */
export async function fetchEventExport(id: string, onProgress?: OnDownloadProgress): Promise<Blob> {
  const res = await apiClient.get<Blob>(`/v1/event/eventDetailsExport/${enc(id)}`, fileAnswer(onProgress))
  return res.data
}

/** Downloads the event's members, saved as event-<id>.xlsx. */
export async function exportEvent(id: string, onProgress?: OnDownloadProgress): Promise<void> {
  saveBlob(await fetchEventExport(id, onProgress), eventExportFile(id))
}
