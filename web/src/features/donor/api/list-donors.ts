import { listPage, type TableQuery } from '../../../lib/list-page'
import type { Donor } from '../types'

/** POST /admin/user/userList (view); sort columns firstName, lastName, email, createdAt, totalGivenCents. */
export const listDonors = (query: TableQuery) => listPage<Donor>('/admin/user/userList', query)
