import { listPage, type TableQuery } from '../../../lib/list-page'
import type { CauseRow } from '../types'

/** POST /admin/cause/causeList (any granted action); sort columns 'name' | 'createdAt' | 'isActive'. */
export const listCauses = (query: TableQuery) => listPage<CauseRow>('/admin/cause/causeList', query)
