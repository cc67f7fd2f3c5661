/**
 * The one layout of a record's add and edit screen, as ListCard is of a list: `useFormScreen`
 * loads the record to edit (TanStack Query, lib/query `useRecord`; nothing on an add form),
 * fills the form from it before the browser paints, and wires the save: the server's message
 * (or 'Success') as a toast, then the list; the server's field errors on their fields; the
 * record's areas refreshed either way. `FormScreen` shows it: the load failure with Back to
 * the list (LoadState), else the card with its title, a skeleton while the record loads, the
 * form and its Save and Cancel.
 *
 * Back and Cancel go back in the console's history when there is some (lib/navigation
 * `canGoBack`), else to the list. `useRecordScreen` is the same without a form (a details
 * screen).
 */
import type { ReactNode } from 'react'
import { Button, Form, Skeleton, Space, type FormInstance, type FormProps } from 'antd'
import { Card } from './Card'
import { LoadState } from './LoadState'
import type { RecordScreen } from './useFormScreen'

/** What FormScreen shows of `useFormScreen`'s state. */
export type FormScreenView = Pick<RecordScreen<unknown>, 'error' | 'loading' | 'back' | 'toList'> & {
  save: { isPending: boolean }
}

export interface FormScreenProps<V> extends Pick<FormProps<V>, 'initialValues' | 'onFinish' | 'onValuesChange'> {
  screen: FormScreenView
  title: string
  form: FormInstance<V>
  /** The form is not ready yet (beyond loading the record): the skeleton shows, the form is hidden. */
  busy?: boolean
  /** Shown above the form (notes). */
  notes?: ReactNode
  /** The form's fields. */
  children: ReactNode
}

export function FormScreen<V>({
  screen,
  title,
  form,
  busy = false,
  notes,
  children,
  initialValues,
  onFinish,
  onValuesChange,
}: FormScreenProps<V>) {
  if (screen.error) {
    return <LoadState title={title} error={screen.error} back={<Button onClick={screen.toList}>Back</Button>} />
  }
  return (
    <FormCard<V>
      title={title}
      hidden={screen.loading || busy}
      notes={notes}
      form={form}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      initialValues={initialValues}
      scrollToFirstError
      saving={screen.save.isPending}
      cancel={<Button onClick={screen.back}>Cancel</Button>}
    >
      {children}
    </FormCard>
  )
}

export interface FormCardProps<V> extends Pick<
  FormProps<V>,
  'initialValues' | 'onFinish' | 'onValuesChange' | 'scrollToFirstError'
> {
  title: string
  /** The form is not ready (its record loads): the skeleton shows, the form is hidden. */
  hidden: boolean
  /** Shown above the form (notes). */
  notes?: ReactNode
  form: FormInstance<V>
  /** The form's widest, in pixels. */
  maxWidth?: number
  /** The save runs. */
  saving: boolean
  /** Beside Save (Cancel), when the user may leave that way. */
  cancel?: ReactNode
  /** The form's fields. */
  children: ReactNode
}

/** The card of a form and its Save (FormScreen's, and that of a screen with its own load and save). */
export function FormCard<V>({
  title,
  hidden,
  notes,
  form,
  maxWidth,
  saving,
  cancel,
  children,
  ...formProps
}: FormCardProps<V>) {
  return (
    <Card title={title}>
      {hidden && <Skeleton active />}
      {notes}
      <Form<V> form={form} layout="vertical" {...formProps} style={{ display: hidden ? 'none' : undefined, maxWidth }}>
        {children}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
          {cancel}
        </Space>
      </Form>
    </Card>
  )
}
