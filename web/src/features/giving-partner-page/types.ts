/** The giving-partner content page as the BFF returns it (content-rest.md; SPEC section 3). */
import type { RevisionFields } from '../content-page/types'

export interface GivingPartnerPage extends RevisionFields {
  _id: string
  /** Rich text. */
  content: string
  /** The stored file name of the image ('' when none). */
  image: string
}

/** Body of POST /admin/givingPartner/update. */
export interface GivingPartnerPageInput {
  _id: string
  content: string
  image: string
}
