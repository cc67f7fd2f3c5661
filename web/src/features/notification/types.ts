/**
 * Notifications (generated from /api-docs/openapi.json: chat-rest.md's "Shapes"); times in epoch
 * ms. `audience` and a name's `type` narrowed to their values; the sender is always filled.
 */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type Audience = 'all' | 'selected'

export type NamedRef = Schemas['ChatNamedRef']

/** A sent notification; `reach` is the active donors it reached, computed when it was sent. */
export type Notification = Omit<Schemas['Notification'], 'audience' | 'sender'> & {
  audience: Audience
  sender: NamedRef
}

export type NameOption = Omit<Schemas['NameOption'], 'type'> & { type: 'charity' | 'cause' }

/** The body of POST sendNotificationAllUser. */
export interface NotificationInput {
  title: string
  message: string
  audience: Audience
  charityIds: string[]
  causeIds: string[]
  preview: boolean
}
