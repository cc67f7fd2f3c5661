/** The columns every nonprofit list starts with: the name (sortable, in title case when imported in capitals) and the Tax ID shown XX-XXXXXXX. */
import type { ColumnsType } from 'antd/es/table'
import { formatName, formatSplitAfterTwo } from '../../lib/format'
import type { CharityRow } from './types'

export function charityColumns(): ColumnsType<CharityRow> {
  return [
    // Imported names come in capitals (the IRS file's): shown in title case, stored as they are.
    {
      title: 'Nonprofit Name',
      key: 'charityName',
      dataIndex: 'charityName',
      sorter: true,
      render: (value: string) => formatName(value),
    },
    { title: 'Tax ID', key: 'taxId', dataIndex: 'taxId', render: (value: string) => formatSplitAfterTwo(value) },
  ]
}
