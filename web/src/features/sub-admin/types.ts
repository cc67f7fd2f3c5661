/** Sub-admin records as the BFF returns them (bff/API.md, module /sub_admin). */
import type { Action } from '../../lib/modules'

export interface SubAdminPermission {
  slug: string
  title?: string
  actions: Action[]
}

export interface SubAdminRow {
  _id: string
  firstName: string
  lastName: string
  email: string
  isActive: boolean
  /** Epoch milliseconds. */
  createdAt: number
}

export interface SubAdmin extends SubAdminRow {
  permissions: SubAdminPermission[]
}
