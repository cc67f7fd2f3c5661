/** Sub-admin records as the BFF returns them (bff/API.md, module /sub_admin). */
import type { components } from '../../api/schema'
import type { Action } from '../../lib/modules'

export interface SubAdminPermission {
  slug: string
  title?: string
  actions: Action[]
}

/** A sub-admin as lists show it (generated: `SubAdminView`; createdAt in epoch milliseconds), with its permissions. */
export type SubAdminRow = Omit<components['schemas']['SubAdminView'], 'permissions'> & {
  permissions: SubAdminPermission[]
}

export type SubAdmin = SubAdminRow
