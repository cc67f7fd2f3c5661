/**
 * The fields of a record's form (FormScreen), laid out in its Row: each one a Col holding one
 * Form.Item, whose label antd ties to the input (an uploader, an editor or a switch also takes
 * the label as its accessible name). `check` is a validator of lib/validators, as its `rule`;
 * `rules` are antd's own (a check against another field).
 *
 * Width: the whole row below md (`xs`, 24ths), `md` from md up (half the row unless said; 24:
 * the whole row).
 */
import type { ReactNode } from 'react'
import { Col, Form, Input, Switch, type FormItemProps } from 'antd'
import { ImageUploader } from './ImageUploader'
import { NumberInput } from './NumberInput'
import { RichTextEditor } from './RichTextEditor'
import { VideoUploader } from './VideoUploader'
import { limitProps, type TextLimit } from '../lib/limits'
import { displayOrder, rule, type Validator } from '../lib/validators'

export const PHONE_FORMAT = '(###) ###-####'
/** Five digits stay as typed; the dash comes with the sixth. */
export const ZIP_FORMAT = '#####-####'

export interface FieldProps extends Omit<FormItemProps, 'children' | 'label'> {
  label: string
  md?: number
  xs?: number
  check?: Validator
}

/** One field of the form's row: its own input as the child. */
export function FormField({ md = 12, xs = 24, check, rules, children, ...item }: FieldProps & { children: ReactNode }) {
  return (
    <Col xs={xs} md={md === xs ? undefined : md}>
      <Form.Item {...item} rules={check ? [rule(check)] : rules}>
        {children}
      </Form.Item>
    </Col>
  )
}

/** A line of text within a server's limit. */
export function TextField({
  limit,
  placeholder,
  disabled,
  ...field
}: FieldProps & { limit: TextLimit; placeholder?: string; disabled?: boolean }) {
  return (
    <FormField {...field}>
      <Input {...limitProps(limit)} autoComplete="off" placeholder={placeholder} disabled={disabled} />
    </FormField>
  )
}

/** Digits typed into a pattern ('(###) ###-####'); the value is the digits. */
export function PatternField({ format, placeholder, ...field }: FieldProps & { format: string; placeholder: string }) {
  return (
    <FormField {...field}>
      <NumberInput format={format} placeholder={placeholder} />
    </FormField>
  )
}

/** A phone number: ten digits shown as (XXX) XXX-XXXX. */
export function PhoneField(field: FieldProps) {
  return <PatternField {...field} format={PHONE_FORMAT} placeholder="(XXX) XXX-XXXX" />
}

/**
 * Uploaded images (`video`: videos) of a module's folder, one unless `maxNumber` says more; the
 * value is their file names. The button reads 'Upload <label>' unless `buttonLabel` says otherwise.
 */
export function MediaField({
  moduleName,
  maxNumber = 1,
  buttonLabel,
  video = false,
  ...field
}: FieldProps & { moduleName: string; maxNumber?: number; buttonLabel?: string; video?: boolean }) {
  const Uploader = video ? VideoUploader : ImageUploader
  return (
    <FormField {...field}>
      <Uploader
        aria-label={field.label}
        moduleName={moduleName}
        maxNumber={maxNumber}
        buttonLabel={buttonLabel ?? `Upload ${field.label}`}
      />
    </FormField>
  )
}

/** Rich text, the whole row wide. */
export function RichTextField({ height, ...field }: FieldProps & { height?: number }) {
  return (
    <FormField md={24} {...field}>
      <RichTextEditor aria-label={field.label} height={height} />
    </FormField>
  )
}

/** A yes or no (the value is `checked`). */
export function SwitchField({ on, off, ...field }: FieldProps & { on?: ReactNode; off?: ReactNode }) {
  return (
    <FormField valuePropName="checked" {...field}>
      <Switch aria-label={field.label} checkedChildren={on} unCheckedChildren={off} />
    </FormField>
  )
}

/** Where a record shows on its page (Order, a whole number) and whether it shows at all (Active). */
export function OrderFields() {
  return (
    <>
      <FormField xs={12} md={6} label="Order" name="order" required check={displayOrder}>
        <Input inputMode="numeric" autoComplete="off" />
      </FormField>
      <SwitchField xs={12} md={6} label="Active" name="isActive" />
    </>
  )
}
