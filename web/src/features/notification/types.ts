/**
 * Notifications as the contract names them (chat-rest.md, "Shapes"); times in epoch ms.
 * Written by hand from the contract until the BFF's generated schema carries them.
 */

export type Audience = 'all' | 'selected'

export interface NamedRef {
  _id: string
  name: string
}

export interface Notification {
  _id: string
  title: string
  message: string
  audience: Audience
  charities: NamedRef[]
  causes: NamedRef[]
  sender: NamedRef
  /** Active donors it reached, computed when it was sent. */
  reach: number
  createdAt: number
}

export interface NameOption {
  _id: string
  name: string
  type: 'charity' | 'cause'
}

/** The body of POST sendNotificationAllUser. */
export interface NotificationInput {
  title: string
  message: string
  audience: Audience
  charityIds: string[]
  causeIds: string[]
  preview: boolean
}
