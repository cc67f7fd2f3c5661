import { listPage, type TableQuery } from '../../../lib/list-page'
import type { SubAdminRow } from '../types'

/** POST /admin/sub-admin/subAdminList (view); sort columns 'firstName' | 'email' | 'createdAt'. */
export const listSubAdmins = (query: TableQuery) => listPage<SubAdminRow>('/admin/sub-admin/subAdminList', query)
