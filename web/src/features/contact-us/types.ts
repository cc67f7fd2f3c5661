/** Contact-us messages as the BFF returns them (generated; module /category/contact_form). */
import type { components } from '../../api/schema'

/** A message; readBy (the name of who opened it first) and readAt stay empty while unread. */
export type ContactMessage = components['schemas']['ContactMessage']
