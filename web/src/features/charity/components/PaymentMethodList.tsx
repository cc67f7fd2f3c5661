/** Saved bank accounts of a nonprofit: bank, holder and the last four digits only. */
import { Tag } from 'antd'
import { DetailTable } from '../../../components/DetailTable'
import type { PaymentMethod } from '../types'

/** '••••1234' */
function maskedAccount(last4: string | null | undefined): string {
  return `••••${last4 ?? ''}`
}

export function PaymentMethodList({
  methods,
  empty = 'No payment methods',
}: {
  methods: PaymentMethod[]
  empty?: string
}) {
  return (
    <DetailTable<PaymentMethod>
      label="Payment methods"
      empty={empty}
      rowKey="_id"
      dataSource={methods}
      columns={[
        { title: 'Bank Name', dataIndex: 'bankName', key: 'bankName' },
        { title: 'Account Holder', dataIndex: 'accountHolder', key: 'accountHolder' },
        { title: 'Account', dataIndex: 'last4', key: 'last4', render: (last4: string) => maskedAccount(last4) },
        {
          title: 'Default',
          dataIndex: 'isDefault',
          key: 'isDefault',
          render: (isDefault: boolean) => (isDefault ? <Tag color="green">Default</Tag> : null),
        },
      ]}
    />
  )
}
