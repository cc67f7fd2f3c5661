/**
 * The signed-in user, persisted to localStorage so a reload keeps the session, and the
 * permission helpers every screen uses. The record is the session user of bff/API.md.
 * The refresh token is not in it: the BFF keeps it in an HttpOnly cookie (cookie mode).
 */
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { findModule, type Action } from './modules'

export const SESSION_STORAGE_KEY = 'giving-console-session'

export type AdminType = 'Admin' | 'Sub Admin' | 'Charity Admin'

export interface Permission {
  slug: string
  title?: string
  actions: Action[]
}

export interface SessionUser {
  _id: string
  adminType: AdminType | string
  authToken: string
  /** Only in a session stored before cookie mode (the body form of bff/API.md). */
  refreshToken?: string
  permissions: Permission[]
  firstName: string
  lastName: string
  email: string
  /** The nonprofit of a nonprofit admin ('Charity Admin'); the BFF's sign-in answer carries it. */
  charityId?: string
}

interface SessionState {
  user: SessionUser | null
  signIn: (user: SessionUser) => void
  setTokens: (tokens: { authToken: string; refreshToken?: string }) => void
  clear: () => void
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      signIn: (user) => set({ user: { ...user, permissions: user.permissions ?? [] } }),
      setTokens: ({ authToken, refreshToken }) =>
        set((state) => (state.user ? { user: { ...state.user, authToken, refreshToken } } : state)),
      clear: () => set({ user: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user }),
    },
  ),
)

/** The current user outside React (request layer, helpers). */
export function currentUser(): SessionUser | null {
  return useSession.getState().user
}

/** Whether a session ended in this page since the last sign-in (logout, a changed password, expiry). */
let endedHere = false
useSession.subscribe((state, previous) => {
  if (state.user && !previous.user) endedHere = false
})

/**
 * Whether the sign-in the shell sends to is the end of a session of this page (then it comes
 * back home), not a visitor's deep link (then it comes back to the page asked for).
 */
export function sessionEndedHere(): boolean {
  return endedHere
}

/** Logs out locally: forgets the session. Screens behind the shell then go to /signin. */
export function clearSession(): void {
  endedHere = true
  useSession.getState().clear()
}

export function isSubAdminUser(user: SessionUser | null | undefined): boolean {
  return user?.adminType === 'Sub Admin'
}

export function isCharityAdminUser(user: SessionUser | null | undefined): boolean {
  return user?.adminType === 'Charity Admin'
}

/**
 * Only the main admin holds every action. Sub-admins and nonprofit admins hold what their
 * permissions grant (the server sends a nonprofit admin's fixed grants at sign-in).
 */
export function holdsEverything(user: SessionUser | null | undefined): boolean {
  return user?.adminType === 'Admin'
}

/**
 * The actions a user holds on a module. The main admin holds every action the module offers;
 * anyone else holds what its permissions grant, limited to what the module offers.
 */
export function grantedActionsOf(user: SessionUser | null | undefined, slug: string): Action[] {
  const mod = findModule(slug)
  if (!user || !mod) return []
  if (holdsEverything(user)) return [...mod.actions]
  const granted = user.permissions.find((p) => p.slug === slug)?.actions ?? []
  return mod.actions.filter((a) => granted.includes(a))
}

export function canUser(user: SessionUser | null | undefined, slug: string, action: Action): boolean {
  if (!user) return false
  if (holdsEverything(user)) return true
  return grantedActionsOf(user, slug).includes(action)
}

/** Helpers bound to the stored session (for code outside React). */
export const isSubAdmin = (): boolean => isSubAdminUser(currentUser())
export const can = (slug: string, action: Action): boolean => canUser(currentUser(), slug, action)
export const grantedActions = (slug: string): Action[] => grantedActionsOf(currentUser(), slug)

/** The same helpers for components: re-render when the session changes. */
export function useAccess() {
  const user = useSession((s) => s.user)
  return {
    user,
    isSubAdmin: isSubAdminUser(user),
    can: (slug: string, action: Action) => canUser(user, slug, action),
    grantedActions: (slug: string) => grantedActionsOf(user, slug),
  }
}

/** The actions the signed-in user holds on a module, for a screen's buttons and columns. */
export function useRights(slug: string) {
  const { can } = useAccess()
  return {
    canView: can(slug, 'view'),
    canAdd: can(slug, 'add'),
    canEdit: can(slug, 'edit'),
    canDelete: can(slug, 'delete'),
    canStatus: can(slug, 'status'),
  }
}

export function fullName(user: Pick<SessionUser, 'firstName' | 'lastName'> | null | undefined): string {
  if (!user) return ''
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY) void useSession.persist.rehydrate()
  })
}
