/**
 * The one layout of a content page's edit screen (the homepage, about us, the CMS pages, the
 * giving-partner page), as FormScreen is of a record's: the load failure with its way back
 * (LoadState), else a card with the page's title, a skeleton until the page is there, then the
 * line of its last save (`header`, UpdatedLine unless said) and the form, filled from the page
 * (before the browser paints it), with its Save (and `extra` beside it); below, the page's
 * revisions (RevisionPanel: compare two, restore one). Editing a field clears its server error.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { Button, Form, Skeleton, Space, type FormInstance } from 'antd'
import { Card } from './Card'
import { useNavigate } from 'react-router'
import { LoadState } from './LoadState'
import { RevisionPanel, type RevisionPanelProps } from './RevisionPanel'
import { UpdatedLine } from './UpdatedLine'
import { clearEditedFieldErrors } from '../lib/form-errors'
import type { RevisionFields } from '../lib/revisions'
import { paths } from '../paths'

export interface ContentPageCardProps<P extends RevisionFields, V extends object> {
  title: string
  page: P | null | undefined
  /** Why the page could not be loaded. */
  error: string | null | undefined
  /** The way back after a failed load: Back to the home screen unless said. */
  back?: ReactNode
  /** Above the form: when the page was last saved (UpdatedLine) unless said. */
  header?: ReactNode
  form: FormInstance<V>
  /** The form's values of the page. */
  valuesOf: (page: P) => V
  onFinish: (values: V) => void
  saving: boolean
  /** Beside Save (Cancel). */
  extra?: ReactNode
  scrollToFirstError?: boolean
  /** The page's revisions (without its current number, which is the page's). */
  revisions: (page: P) => Omit<RevisionPanelProps<P>, 'current'>
  /** The form's fields. */
  children: ReactNode
}

export function ContentPageCard<P extends RevisionFields, V extends object>({
  title,
  page,
  error,
  back,
  header,
  form,
  valuesOf,
  onFinish,
  saving,
  extra,
  scrollToFirstError,
  revisions,
  children,
}: ContentPageCardProps<P, V>) {
  const navigate = useNavigate()
  // The form starts from the page once it is there; a `valuesOf` written inline does not fill it again.
  const fill = useRef(valuesOf)
  useLayoutEffect(() => {
    fill.current = valuesOf
  })
  useLayoutEffect(() => {
    if (page) form.setFieldsValue(fill.current(page) as Parameters<FormInstance<V>['setFieldsValue']>[0])
  }, [page, form])

  if (error) {
    const home = <Button onClick={() => navigate(paths.home())}>Back</Button>
    return <LoadState title={title} error={error} back={back === undefined ? home : back} />
  }

  const save = (
    <Button type="primary" htmlType="submit" loading={saving}>
      Save
    </Button>
  )
  const panel = page && revisions(page)
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={title}>
        {!page ? (
          <Skeleton active />
        ) : (
          <>
            {header ?? <UpdatedLine page={page} />}
            <Form<V>
              form={form}
              layout="vertical"
              initialValues={valuesOf(page)}
              onValuesChange={clearEditedFieldErrors(form)}
              onFinish={onFinish}
              scrollToFirstError={scrollToFirstError}
            >
              {children}
              {extra ? (
                <Space>
                  {save}
                  {extra}
                </Space>
              ) : (
                save
              )}
            </Form>
          </>
        )}
      </Card>
      {page && panel && (
        <RevisionPanel<P>
          {...panel}
          current={page.revision}
          onRestored={(next) => {
            if (next) panel.onRestored(next)
          }}
        />
      )}
    </Space>
  )
}
