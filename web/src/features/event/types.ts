/**
 * Events and their members as the BFF returns them (generated from /api-docs/openapi.json,
 * module /event; engagement-rest.md). Times are epoch milliseconds.
 */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

/** What the form offers; the answer's `hostType` is plain text. */
export type HostType = 'community' | 'charity'

export type Event = Schemas['Event']

/** The body of POST addEvent and PATCH editEvent/{id} (the form sends every field). */
export type EventInput = Required<Schemas['EventInput']>

/** Membership modes: Interested=1, Going=2, Notgoing=3 (SPEC section 4). */
export type MemberStatus = 1 | 2 | 3

export type EventMember = Schemas['EventMember']

/** POST findEvent/{id} answers the event and one page of members of one mode. */
export type FindEventAnswer = Schemas['EventDetail']

export type EventFilter = 'upcoming' | 'past' | 'deleted'
