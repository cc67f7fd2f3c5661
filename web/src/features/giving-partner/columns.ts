/** The columns both partner lists start with: the name, the user name and the email, each sortable. */
import type { ColumnsType } from 'antd/es/table'
import type { Partner } from './types'

export function partnerColumns(): ColumnsType<Partner> {
  return [
    { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
    { title: 'User Name', key: 'userName', dataIndex: 'userName', sorter: true },
    { title: 'Email', key: 'emailAddress', dataIndex: 'emailAddress', sorter: true },
  ]
}
