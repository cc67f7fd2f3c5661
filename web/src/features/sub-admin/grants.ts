/**
 * What the signed-in user may do to sub-admins, mirroring identity's rules (bff/API.md
 * "Sub-admins"), so the console never offers what the server would refuse: the main admin
 * grants anything and acts on anyone; a sub-admin acts (edit, status, delete, two-factor
 * reset) only on a sub-admin whose rights it all holds itself, grants or removes only the
 * actions it holds, never Sub Admin rights, never sets another account's password or email,
 * and never edits, deactivates or deletes its own account.
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

/**
 * Whether `user` may act on a sub-admin holding `target`: the main admin always; a sub-admin
 * when it holds every one of the target's rights (an equal or weaker account).
 */
export function mayActOn(
  user: SessionUser | null | undefined,
  target: { slug: string; actions: string[] }[] | undefined,
): boolean {
  if (holdsEverything(user)) return true
  if (!target) return false
  return target.every((p) => p.actions.every((a) => canUser(user, p.slug, a as Action)))
}

/** Whether `user` may set another account's password or email (the main admin only). */
export function maySetCredentials(user: SessionUser | null | undefined): boolean {
  return holdsEverything(user)
}
