/**
 * The shared confirmation dialog (SPEC section 2): a title, a small text and Yes/No buttons;
 * optionally a Name input and a reason text area (which can be read-only, then without a
 * submit button). Cancel closes the dialog and resets the form. The name and the reason take
 * the server's limit of the dialog's use (lib/limits.ts): the input stops there and a longer
 * value is refused with the server's message. Every list has one, closed until a row's action
 * opens it: its Modal is a LazyModal, and its fields a light form (useLightForm.ts), as antd's
 * form engine is more than two texts need (every screen's first load has a budget,
 * scripts/bundle-size.mjs).
 */
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { Button, Input } from 'antd'
import { LazyModal } from './LazyModal'
import { dialogName, rejectReason, type Validator } from '../lib/validators'
import { limitProps, overLimit, type TextLimit } from '../lib/limits'
import { LightField } from './LightField'
import { Paragraph } from './Text'
import { useLightForm } from './useLightForm'

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
  /** A further rule of the name, checked after the required and limit rules (the server's message). */
  nameRule?: Validator
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
  /**
   * Once closed, the focus goes back to what opened the dialog (default). False: it stays where
   * the answer put it (a delete's Undo toast, components/UndoDelete.ts).
   */
  restoreFocus?: boolean
}

/** A field the dialog does not show: nothing to check. */
const unchecked: Validator = () => null

/** A required text's check, then the limit's (when the dialog's use gives one), then the use's own rule. */
const limited =
  (required: Validator, limit: TextLimit | undefined, rule?: Validator): Validator =>
  (value) =>
    required(value) ?? (limit ? overLimit(limit, value) : null) ?? rule?.(value) ?? null

export function ConfirmDialog({
  open,
  title,
  text,
  submitLabel = 'Yes',
  cancelLabel = 'No',
  withName = false,
  initialName,
  nameLimit,
  nameRule,
  withReason = false,
  reasonReadOnly = false,
  reason,
  reasonLimit,
  onConfirm,
  onCancel,
  restoreFocus = true,
}: ConfirmDialogProps) {
  const validators = useMemo(
    () => ({
      name: withName ? limited(dialogName, nameLimit, nameRule) : unchecked,
      reason: withReason && !reasonReadOnly ? limited(rejectReason, reasonLimit) : unchecked,
    }),
    [withName, nameLimit, nameRule, withReason, reasonReadOnly, reasonLimit],
  )
  const form = useLightForm(validators)
  const { reset } = form
  const [busy, setBusy] = useState(false)
  const hasFields = withName || withReason

  // The same dialog serves several rows: each opening shows the values it is opened with.
  useEffect(() => {
    if (open) reset({ name: initialName, reason })
  }, [open, initialName, reason, reset])

  const cancel = () => {
    reset({ name: initialName, reason })
    onCancel()
  }

  const submit = async () => {
    const values = hasFields ? form.validate() : { name: '', reason: '' }
    if (!values) return
    setBusy(true)
    try {
      await onConfirm?.({
        name: withName ? values.name.trim() : undefined,
        reason: withReason ? values.reason.trim() : undefined,
      })
      if (hasFields) reset()
    } catch {
      // The caller has shown the failure; keep the dialog open.
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void submit()
  }

  const showSubmit = !(withReason && reasonReadOnly)

  return (
    <LazyModal
      open={open}
      title={title}
      onCancel={cancel}
      destroyOnHidden
      mask={{ closable: !busy }}
      focusable={{ focusTriggerAfterClose: restoreFocus }}
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
        <Paragraph type="secondary" style={{ fontSize: 13 }}>
          {text}
        </Paragraph>
      )}
      {hasFields && (
        <form noValidate onSubmit={onSubmit}>
          {withName && (
            <LightField
              label="Name"
              error={form.errors.name}
              input={(props) => (
                <Input
                  {...props}
                  autoFocus
                  value={form.values.name}
                  onChange={(e) => form.setValue('name', e.target.value)}
                  {...(nameLimit && limitProps(nameLimit))}
                />
              )}
            />
          )}
          {withReason && (
            <LightField
              label="Reason"
              error={form.errors.reason}
              input={(props) => (
                <Input.TextArea
                  {...props}
                  rows={4}
                  readOnly={reasonReadOnly}
                  value={form.values.reason}
                  onChange={(e) => form.setValue('reason', e.target.value)}
                  {...(reasonLimit && !reasonReadOnly && limitProps(reasonLimit, true))}
                />
              )}
            />
          )}
        </form>
      )}
    </LazyModal>
  )
}
