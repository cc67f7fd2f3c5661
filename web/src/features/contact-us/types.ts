/** Contact-us messages as the BFF returns them (content-rest.md, module /category/contact_form). */

export interface ContactMessage {
  _id: string
  name: string
  email: string
  phoneNumber: string
  subject: string
  message: string
  /** Received at, epoch milliseconds. */
  createdAt: number
  isRead: boolean
  /** The name of the admin who opened it first, or null while unread. */
  readBy: string | null
  readAt: number | null
}
