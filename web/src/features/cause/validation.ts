/**
 * Cause form rules (bff/API.md): Name required ('Please enter Name'), not only whitespace
 * ('Please enter valid Name'), within the catalogue's limit; Description optional, within its limit
 * (lib/limits.ts).
 */
import { LIMITS, within } from '../../lib/limits'
import { nameText } from '../../lib/validators'

export const causeName = nameText(LIMITS.cause.name)
export const causeDescription = within(LIMITS.cause.description)
