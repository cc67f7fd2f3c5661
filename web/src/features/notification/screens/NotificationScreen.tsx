/**
 * /send_notification (Notification Management): the form (Title, Message, Audience: every user
 * or the donors of chosen nonprofits and causes), a confirmation that shows how many users it
 * will reach (a preview call, nothing stored), then the send; the history list below it.
 * Without /send_notification add the screen shows the history only.
 */
import { useMemo, useState } from 'react'
import { Button, Form, Input, Radio, Space, Tag } from 'antd'
import { Card } from '../../../components/Card'
import type { ColumnsType } from 'antd/es/table'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ListCard } from '../../../components/ListCard'
import { applyFieldErrors, clearEditedFieldErrors } from '../../../lib/form-errors'
import { formatDate, formatNumber } from '../../../lib/format'
import { SLUGS } from '../../../lib/modules'
import { useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { rule } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
import { audienceLoader, listNotifications, previewNotification, sendNotification } from '../api/notification'
import type { Audience, Notification, NotificationInput } from '../types'
import { AUDIENCE_OPTIONS, audienceText, confirmText } from '../names'
import * as v from '../validation'

interface FormValues {
  title: string
  message: string
  audience: Audience
  targets: AsyncValue[]
}

const EMPTY: FormValues = { title: '', message: '', audience: 'all', targets: [] }

/** The server's fields on the form's. */
const SERVER_FIELDS = { charityIds: ['targets'], causeIds: ['targets'] }

function bodyOf(values: FormValues): Omit<NotificationInput, 'preview'> {
  const selected = values.audience === 'selected'
  const ids = (type: string) =>
    selected
      ? (values.targets ?? []).filter((t) => t.value.startsWith(`${type}:`)).map((t) => t.value.slice(type.length + 1))
      : []
  return {
    title: (values.title ?? '').trim(),
    message: (values.message ?? '').trim(),
    audience: values.audience,
    charityIds: ids('charity'),
    causeIds: ids('cause'),
  }
}

function NotificationForm({ onSent }: { onSent: () => void }) {
  const [form] = Form.useForm<FormValues>()
  const audience = Form.useWatch('audience', form)
  const [previewing, setPreviewing] = useState(false)
  const [confirm, setConfirm] = useState<{ body: Omit<NotificationInput, 'preview'>; reach: number } | null>(null)

  const preview = async (values: FormValues) => {
    const body = bodyOf(values)
    setPreviewing(true)
    try {
      setConfirm({ body, reach: await previewNotification(body) })
    } catch (e) {
      applyFieldErrors(form, e, SERVER_FIELDS)
    } finally {
      setPreviewing(false)
    }
  }

  const send = async () => {
    if (!confirm) return
    try {
      const res = await sendNotification(confirm.body)
      toast.success(res.message || 'Success')
      setConfirm(null)
      form.resetFields()
      onSent()
    } catch (e) {
      setConfirm(null)
      applyFieldErrors(form, e, SERVER_FIELDS)
    }
  }

  return (
    <Card title="Send Notification" style={{ marginBottom: 16 }}>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void preview(values)}
        onValuesChange={clearEditedFieldErrors(form)}
        style={{ maxWidth: 720 }}
      >
        <Form.Item label="Title" name="title" required rules={[rule(v.title)]}>
          <Input autoComplete="off" {...limitProps(LIMITS.notification.title)} />
        </Form.Item>
        <Form.Item label="Message" name="message" required rules={[rule(v.message)]}>
          <Input.TextArea rows={4} {...limitProps(LIMITS.notification.message, true)} />
        </Form.Item>
        <Form.Item label="Audience" name="audience" required rules={[rule(v.audience)]}>
          <Radio.Group options={AUDIENCE_OPTIONS} aria-label="Audience" />
        </Form.Item>
        {audience === 'selected' && (
          <Form.Item
            label="Nonprofits and causes"
            name="targets"
            required
            rules={[
              {
                validator: (_, value: AsyncValue[] | undefined) => {
                  const m = v.targets(value)
                  return m ? Promise.reject(new Error(m)) : Promise.resolve()
                },
              },
            ]}
          >
            <AsyncSelect
              multiple
              aria-label="Nonprofits and causes"
              placeholder="Select nonprofits or causes"
              loader={audienceLoader}
            />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={previewing}>
            Send
          </Button>
          <Button onClick={() => form.resetFields()}>Reset</Button>
        </Space>
      </Form>
      <ConfirmDialog
        open={confirm !== null}
        title="Send notification"
        text={confirm ? confirmText(confirm.reach) : undefined}
        onConfirm={send}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  )
}

export default function NotificationScreen() {
  const { can } = useAccess()
  const refresh = useRefresh('notification')
  const canAdd = can(SLUGS.notification, 'add')

  const columns = useMemo<ColumnsType<Notification>>(
    () => [
      { title: 'Title', key: 'title', dataIndex: 'title', sorter: true },
      {
        title: 'Message',
        key: 'message',
        dataIndex: 'message',
        render: (text: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>,
      },
      {
        title: 'Audience',
        key: 'audience',
        render: (_, row) => (row.audience === 'all' ? <Tag color="blue">All users</Tag> : audienceText(row)),
      },
      { title: 'Sent By', key: 'sender', render: (_, row) => row.sender?.name || '-' },
      {
        title: 'Reach',
        key: 'reach',
        dataIndex: 'reach',
        sorter: true,
        align: 'right',
        render: (n: number) => formatNumber(n) || '0',
      },
      {
        title: 'Sent At',
        key: 'createdAt',
        dataIndex: 'createdAt',
        sorter: true,
        render: (at: number) => formatDate(at),
      },
    ],
    [],
  )

  return (
    <>
      {canAdd && <NotificationForm onSent={() => void refresh()} />}
      <ListCard<Notification>
        empty="No notifications sent yet: notifications you send show here"
        title="Notification History"
        searchPlaceholder="Search by Title"
        queryKey={['notification', 'list']}
        aria-label="Notification history"
        columns={columns}
        fetch={listNotifications}
      />
    </>
  )
}
