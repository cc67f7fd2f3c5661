/** The giving-partner content page as the BFF returns it (generated; SPEC section 3). */
import type { components } from '../../api/schema'

/** `{ _id, content (rich text), image (stored file name, '' when none), revision, updatedAt, updatedBy }`. */
export type GivingPartnerPage = components['schemas']['GivingPartnerPage']

/** Body of POST /admin/givingPartner/update. */
export type GivingPartnerPageInput = Required<components['schemas']['GivingPartnerInput']>
