/**
 * Events and their members as the BFF returns them (engagement-rest.md), written by hand from the
 * contract until the generated web/src/api/schema.d.ts holds them. Times are epoch milliseconds.
 */

export type HostType = 'community' | 'charity'

export interface Event {
  _id: string
  title: string
  /** Rich html, sanitised by the service. */
  description: string
  images: string[]
  /** The one video's file name, or ''. */
  video: string
  startsAt: number
  endsAt: number
  /** IANA name, e.g. 'America/New_York'. */
  timeZone: string
  isOnline: boolean
  onlineLink: string
  address: string
  city: string
  state: string
  country: string
  cityId: string
  stateId: string
  countryId: string
  zipCode: string
  hostType: HostType
  hostId: string
  hostName: string
  /** 0: unlimited. */
  capacity: number
  interestedCount: number
  goingCount: number
  notGoingCount: number
  isDeleted: boolean
  deletedAt: number | null
  createdAt: number
  updatedAt: number
}

/** The body of POST addEvent and PATCH editEvent/{id}. */
export type EventInput = Omit<
  Event,
  '_id' | 'hostName' | 'interestedCount' | 'goingCount' | 'notGoingCount' | 'isDeleted' | 'deletedAt' | 'createdAt' | 'updatedAt'
>

/** Membership modes: Interested=1, Going=2, Notgoing=3 (SPEC section 4). */
export type MemberStatus = 1 | 2 | 3

export interface EventMember {
  /** The membership's id (what removeMember takes). */
  _id: string
  donorId: string
  name: string
  email: string
  avatar: string
  status: MemberStatus
  joinedAt: number
}

/** POST findEvent/{id} answers the event and one page of members of one mode. */
export interface FindEventAnswer {
  event: Event
  members: EventMember[]
}

export type EventFilter = 'upcoming' | 'past' | 'deleted'
