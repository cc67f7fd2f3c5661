/**
 * The shared confirmation dialog (SPEC section 2): a title, a small text and Yes/No buttons;
 * optionally a Name input and a reason text area (which can be read-only, then without a
 * submit button). Cancel closes the dialog and resets the form. The name and the reason take
 * the server's limit of the dialog's use (lib/limits.ts): the input stops there and a longer
 * value is refused with the server's message.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { Button, Form, Input, Modal, Typography } from 'antd'
import { dialogName, rejectReason, rule, type Validator } from '../lib/validators'
import { limitProps, overLimit, type TextLimit } from '../lib/limits'

export interface ConfirmValues {
  name?: string
  reason?: string
}

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  /** Small explanatory text under the title. */
  text?: ReactNode
  /** Label of the submit button ('Yes' by default, 'Save' for category forms). */
  submitLabel?: string
  /** Label of the cancel button ('No' by default). */
  cancelLabel?: string
  /** Shows the Name input. */
  withName?: boolean
  initialName?: string
  /** The server's limit of the name (lib/limits.ts). */
  nameLimit?: TextLimit
  /** Shows the reason text area. */
  withReason?: boolean
  /** The reason is shown read-only, and the dialog has no submit button. */
  reasonReadOnly?: boolean
  /** The reason to show (read-only mode) or to start from. */
  reason?: string
  /** The server's limit of the reason (lib/limits.ts). */
  reasonLimit?: TextLimit
  onConfirm?: (values: ConfirmValues) => void | Promise<unknown>
  onCancel: () => void
}

/** A required text's check, then the limit's (when the dialog's use gives one). */
const limited =
  (required: Validator, limit: TextLimit | undefined): Validator =>
  (value) =>
    required(value) ?? (limit ? overLimit(limit, value) : null)

export function ConfirmDialog({
  open,
  title,
  text,
  submitLabel = 'Yes',
  cancelLabel = 'No',
  withName = false,
  initialName,
  nameLimit,
  withReason = false,
  reasonReadOnly = false,
  reason,
  reasonLimit,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [form] = Form.useForm<ConfirmValues>()
  const [busy, setBusy] = useState(false)

  // The same dialog serves several rows: each opening shows the values it is opened with.
  useEffect(() => {
    if (open && (withName || withReason)) form.setFieldsValue({ name: initialName, reason })
  }, [open, initialName, reason, withName, withReason, form])

  const cancel = () => {
    if (withName || withReason) form.resetFields()
    onCancel()
  }

  const submit = async () => {
    const hasFields = withName || withReason
    let values: ConfirmValues = {}
    if (hasFields) {
      try {
        values = await form.validateFields()
      } catch {
        return
      }
    }
    setBusy(true)
    try {
      await onConfirm?.({
        name: withName ? values.name?.trim() : undefined,
        reason: withReason ? values.reason?.trim() : undefined,
      })
      if (hasFields) form.resetFields()
    } catch {
      // The caller has shown the failure; keep the dialog open.
    } finally {
      setBusy(false)
    }
  }

  const showSubmit = !(withReason && reasonReadOnly)

  return (
    <Modal
      open={open}
      title={title}
      onCancel={cancel}
      destroyOnHidden
      mask={{ closable: !busy }}
      footer={[
        <Button key="cancel" onClick={cancel} disabled={busy}>
          {cancelLabel}
        </Button>,
        showSubmit && (
          <Button key="submit" type="primary" loading={busy} onClick={submit}>
            {submitLabel}
          </Button>
        ),
      ]}
    >
      {text && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {text}
        </Typography.Paragraph>
      )}
      {(withName || withReason) && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: initialName, reason }}
          onFinish={submit}
          preserve={false}
        >
          {withName && (
            <Form.Item label="Name" name="name" rules={[rule(limited(dialogName, nameLimit))]}>
              <Input autoFocus {...(nameLimit && limitProps(nameLimit))} />
            </Form.Item>
          )}
          {withReason && (
            <Form.Item
              label="Reason"
              name="reason"
              rules={reasonReadOnly ? [] : [rule(limited(rejectReason, reasonLimit))]}
            >
              <Input.TextArea
                rows={4}
                readOnly={reasonReadOnly}
                {...(reasonLimit && !reasonReadOnly && limitProps(reasonLimit, true))}
              />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  )
}
