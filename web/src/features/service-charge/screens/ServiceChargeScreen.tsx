/**
 * /manage_service_charges (Service Charges, edit): 'Payment Processing Fee (%)' and 'Service
 * Charge (%)', both marked required, Save, and Cancel to / (not for sub-admins). The server
 * checks the values (SPEC: no client validation) and its messages show on the fields. Below
 * the form, the history of changes: who, when, old -> new.
 */
import { useLayoutEffect, useMemo } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Form, Input, Space } from 'antd'
import { TableView } from '../../../components/TableView'
import { Text } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { FormCard } from '../../../components/FormScreen'
import type { ColumnsType } from 'antd/es/table'
import { useNavigate } from 'react-router'
import { LoadState } from '../../../components/LoadState'
import { applyFieldErrors, clearEditedFieldErrors } from '../../../lib/form-errors'
import { formatDate, formatPercent } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { useRecord } from '../../../lib/query'
import { isSubAdminUser, useAccess } from '../../../lib/session'
import { getSettings, updateSettings } from '../api/settings'
import type { Settings, SettingsBody, SettingsChange } from '../types'
import { SETTINGS_ID } from '../constants'
import { paths } from '../../../paths'

interface SettingsFormValues {
  paymentProcesFee: string
  serviceCharge: string
}

const KEY = ['service-charge', SETTINGS_ID]

const change = (from: number, to: number) =>
  from === to ? formatPercent(to) : `${formatPercent(from)} → ${formatPercent(to)}`

const HISTORY_COLUMNS: ColumnsType<SettingsChange> = [
  { title: 'When', key: 'at', render: (_, row) => formatDate(row.at) },
  { title: 'Who', key: 'by', render: (_, row) => row.byName || row.by || '-' },
  {
    title: 'Payment Processing Fee',
    key: 'fee',
    render: (_, row) => change(row.oldPaymentProcesFee, row.newPaymentProcesFee),
  },
  { title: 'Service Charge', key: 'charge', render: (_, row) => change(row.oldServiceCharge, row.newServiceCharge) },
]

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export default function ServiceChargeScreen() {
  const { user } = useAccess()
  const navigate = useNavigate()
  const client = useQueryClient()
  const [form] = Form.useForm<SettingsFormValues>()
  const { value: settings, error: loadError, loading } = useRecord(KEY, () => getSettings(SETTINGS_ID))
  const save = useMutation({
    mutationFn: (body: SettingsBody) => updateSettings(SETTINGS_ID, body),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      if (res.data) client.setQueryData<Settings>(KEY, { ...res.data, history: res.data.history ?? [] })
    },
    onError: (e) => applyFieldErrors(form, e),
  })

  useLayoutEffect(() => {
    if (settings)
      form.setFieldsValue({
        paymentProcesFee: text(settings.paymentProcesFee),
        serviceCharge: text(settings.serviceCharge),
      })
  }, [settings, form])

  const history = useMemo(() => settings?.history ?? [], [settings])
  const canCancel = !isSubAdminUser(user)

  const onFinish = (values: SettingsFormValues) => {
    save.mutate({
      paymentProcesFee: (values.paymentProcesFee ?? '').trim(),
      serviceCharge: (values.serviceCharge ?? '').trim(),
    })
  }

  if (loadError) {
    return (
      <LoadState
        title="Service Charges"
        error={loadError}
        back={<Button onClick={() => navigate(paths.home())}>Back</Button>}
      />
    )
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <FormCard<SettingsFormValues>
        title="Service Charges"
        hidden={loading}
        form={form}
        onFinish={onFinish}
        onValuesChange={clearEditedFieldErrors(form)}
        initialValues={{ paymentProcesFee: '', serviceCharge: '' }}
        maxWidth={480}
        saving={save.isPending}
        cancel={canCancel && <Button onClick={() => navigate(paths.home())}>Cancel</Button>}
      >
        <Form.Item label="Payment Processing Fee (%)" name="paymentProcesFee" required>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Service Charge (%)" name="serviceCharge" required>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
      </FormCard>
      <Card title="History of Changes" size="small">
        {history.length === 0 && !loading ? (
          <Text type="secondary">No changes yet.</Text>
        ) : (
          <TableView<SettingsChange>
            size="small"
            aria-label="History of changes"
            rowKey={(row) => `${row.at}-${row.by}-${row.newServiceCharge}-${row.newPaymentProcesFee}`}
            columns={HISTORY_COLUMNS}
            rows={history}
            loading={loading}
            pageSize={10}
            empty="No changes yet"
          />
        )}
      </Card>
    </Space>
  )
}
