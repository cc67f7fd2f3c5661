/** Sub-admin records as the BFF returns them (bff/API.md, module /sub_admin). */
import type { components } from '../../api/schema'
import type { Action } from '../../lib/modules'

export interface SubAdminPermission {
  slug: string
  title?: string
  actions: Action[]
}

/** A sub-admin as lists show it (generated: `SubAdminView` without its permissions; createdAt in epoch milliseconds). */
export type SubAdminRow = Omit<components['schemas']['SubAdminView'], 'permissions'>

export interface SubAdmin extends SubAdminRow {
  permissions: SubAdminPermission[]
}
