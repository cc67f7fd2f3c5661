import { MODULES, type Action } from '../lib/modules'
import type { SessionUser } from '../lib/session'

export const mainAdmin: SessionUser = {
  _id: '65f0c0ffee0000000000000a',
  adminType: 'Admin',
  authToken: 'auth-main',
  refreshToken: 'refresh-main',
  firstName: 'Main',
  lastName: 'Admin',
  email: 'admin@example.org',
  permissions: MODULES.map((m) => ({ slug: m.slug, title: m.title, actions: [...m.actions] })),
}

export function subAdmin(grants: Record<string, Action[]>): SessionUser {
  return {
    _id: '65f0c0ffee0000000000000b',
    adminType: 'Sub Admin',
    authToken: 'auth-sub',
    refreshToken: 'refresh-sub',
    firstName: 'Sam',
    lastName: 'Helper',
    email: 'sam@example.org',
    permissions: Object.entries(grants).map(([slug, actions]) => ({ slug, actions })),
  }
}
