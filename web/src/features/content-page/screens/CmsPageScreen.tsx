/**
 * /content_management/privacy_policy and /content_management/terms_condition (edit): the page's
 * title and rich-text content, Save, when and by whom it was last published, and its revisions
 * (compare two, restore one).
 */
import { useLayoutEffect } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd'
import { useLocation, useNavigate } from 'react-router'
import { LoadState } from '../../../components/LoadState'
import { RevisionPanel, type RevisionField } from '../../../components/RevisionPanel'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { applyFieldErrors, clearEditedFieldErrors } from '../../../lib/form-errors'
import { formatDate } from '../../../lib/format'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { rule } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
import { paths } from '../../../paths'
import { listCmsPages, updateCmsPage } from '../api/cms'
import { revisionSource } from '../../../lib/revisions'
import type { CmsInput, CmsPage, CmsSlug } from '../types'
import * as v from '../validation'

interface CmsFormValues {
  title: string
  content: string
}

const SCREENS: Record<CmsSlug, { title: string; module: string }> = {
  privacy_policy: { title: 'Privacy policy', module: SLUGS.privacyPolicy },
  terms_condition: { title: 'Terms Of Use', module: SLUGS.termsOfUse },
}

const FIELDS: RevisionField[] = [
  { key: 'title', label: 'Title', kind: 'text' },
  { key: 'content', label: 'Content', kind: 'rich' },
]

const KEY = ['content-page', 'cms']

/** The CMS page of the path (terms at its slug, else the privacy policy). */
function slugOf(pathname: string): CmsSlug {
  return pathname.toLowerCase() === paths.termsOfUse().toLowerCase() ? 'terms_condition' : 'privacy_policy'
}

export default function CmsPageScreen() {
  const { pathname } = useLocation()
  const slug = slugOf(pathname)
  const screen = SCREENS[slug]
  const navigate = useNavigate()
  const client = useQueryClient()
  const { can } = useAccess()
  const [form] = Form.useForm<CmsFormValues>()
  const { value: pages, error, loading } = useRecord(KEY, listCmsPages)
  const page = pages?.find((p) => p.slug === slug) ?? null

  useLayoutEffect(() => {
    if (page) form.setFieldsValue({ title: page.title, content: page.content })
  }, [page, form])

  /** The page as the server now has it (after a save or a restore). */
  const shown = (next: CmsPage) => {
    client.setQueryData<CmsPage[]>(KEY, (old) => (old ?? []).map((p) => (p._id === next._id ? next : p)))
  }

  const save = useMutation({
    mutationFn: (body: CmsInput) => updateCmsPage(page?._id ?? '', body),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      if (res.data) shown(res.data)
    },
    onError: (e) => applyFieldErrors(form, e),
  })

  if (error || (!loading && !page)) {
    return (
      <LoadState
        title={screen.title}
        error={error ?? 'Page not found'}
        back={<Button onClick={() => navigate(paths.home())}>Back</Button>}
      />
    )
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={screen.title}>
        {!page ? (
          <Skeleton active />
        ) : (
          <>
            <Typography.Paragraph type="secondary" style={{ fontSize: 13 }} aria-label="Last published">
              {page.publishedAt
                ? `Last published ${formatDate(page.publishedAt)}${page.publishedBy ? ` by ${page.publishedBy}` : ''} (revision #${page.revision})`
                : 'Not published yet'}
            </Typography.Paragraph>
            <Form<CmsFormValues>
              form={form}
              layout="vertical"
              initialValues={{ title: page.title, content: page.content }}
              onValuesChange={clearEditedFieldErrors(form)}
              onFinish={(values) => save.mutate({ title: values.title.trim(), content: values.content ?? '' })}
            >
              <Form.Item label="Title" name="title" required rules={[rule(v.title)]}>
                <Input {...limitProps(LIMITS.page.cmsTitle)} autoComplete="off" />
              </Form.Item>
              <Form.Item label="Content" name="content" required rules={[rule(v.content)]}>
                <RichTextEditor aria-label="Content" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Save
              </Button>
            </Form>
          </>
        )}
      </Card>
      {page && (
        <RevisionPanel<CmsPage>
          queryKey={[...KEY, page._id]}
          calls={revisionSource<CmsPage>('cms', page._id)}
          fields={FIELDS}
          current={page.revision}
          canRestore={can(screen.module, 'edit')}
          onRestored={(next) => {
            if (next) {
              shown(next)
              form.setFieldsValue({ title: next.title, content: next.content })
            }
          }}
        />
      )}
    </Space>
  )
}
