import { listPage, type TableQuery } from '../../../lib/list-page'
import type { Badge } from '../types'

/** POST /admin/badge/badgeList; sort columns 'name' | 'threshold' | 'createdAt'. */
export const listBadges = (query: TableQuery) => listPage<Badge>('/admin/badge/badgeList', query)
