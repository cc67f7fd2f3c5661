/** The columns every nonprofit list starts with: the name (sortable) and the Tax ID shown XX-XXXXXXX. */
import type { ColumnsType } from 'antd/es/table'
import { formatSplitAfterTwo } from '../../lib/format'
import type { CharityRow } from './types'

export function charityColumns(): ColumnsType<CharityRow> {
  return [
    { title: 'Nonprofit Name', key: 'charityName', dataIndex: 'charityName', sorter: true },
    { title: 'Tax ID', key: 'taxId', dataIndex: 'taxId', render: (value: string) => formatSplitAfterTwo(value) },
  ]
}
