import type { MemberStatus } from './types'

/** The media folders of events (POST /local-image/uploadImage|uploadVideo moduleName). */
export const EVENT_IMAGE_MODULE = 'eventImage'
export const EVENT_VIDEO_MODULE = 'eventVideo'

export const IMAGES_MAX = 10
export const CAPACITY_MAX = 1_000_000

export const MEMBER_TABS: Array<{
  status: MemberStatus
  label: string
  countKey: 'interestedCount' | 'goingCount' | 'notGoingCount'
}> = [
  { status: 1, label: 'Interested', countKey: 'interestedCount' },
  { status: 2, label: 'Going', countKey: 'goingCount' },
  { status: 3, label: 'Not going', countKey: 'notGoingCount' },
]

export const statusLabel = (status: number) => MEMBER_TABS.find((t) => t.status === status)?.label ?? '-'

/** The cache key of one tab of an event's members (DataTable adds the page asked). */
export const membersKey = (id: string, status: MemberStatus) => ['event', 'members', id, status]
