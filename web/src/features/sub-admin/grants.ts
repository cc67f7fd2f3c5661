/**
 * What the signed-in user may do to sub-admins, mirroring identity's rules (bff/API.md
 * "Sub-admins"), so the console never offers what the server would refuse: the main admin
 * grants anything; a sub-admin grants or removes only the actions it holds itself, never
 * Sub Admin rights, and never edits, deactivates or deletes its own account.
 */
import { canUser, holdsEverything, type SessionUser } from '../../lib/session'
import { SLUGS, type Action } from '../../lib/modules'

export const SUB_ADMIN_MODULE = SLUGS.subAdmin

/** Whether `user` may grant or remove `action` on `slug` for another sub-admin. */
export function mayGrant(user: SessionUser | null | undefined, slug: string, action: Action): boolean {
  if (holdsEverything(user)) return true
  return slug !== SUB_ADMIN_MODULE && canUser(user, slug, action)
}

/** Whether the record `id` is the signed-in sub-admin's own (which it may only view). */
export function isOwnRecord(user: SessionUser | null | undefined, id: string | undefined): boolean {
  return !holdsEverything(user) && Boolean(id) && user?._id === id
}
