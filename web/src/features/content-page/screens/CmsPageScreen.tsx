/**
 * /content_management/privacy_policy and /content_management/terms_condition (edit): the page's
 * title and rich-text content, Save, when and by whom it was last published, and its revisions
 * (compare two, restore one).
 */
import { useQueryClient } from '@tanstack/react-query'
import { Form, Input } from 'antd'
import { Paragraph } from '../../../components/Text'
import { useLocation } from 'react-router'
import { ContentPageCard } from '../../../components/ContentPageCard'
import { type RevisionField } from '../../../components/RevisionPanel'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { usePageSave } from '../../../components/usePageSave'
import { formatDate } from '../../../lib/format'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
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

const valuesOf = (page: CmsPage): CmsFormValues => ({ title: page.title, content: page.content })

export default function CmsPageScreen() {
  const { pathname } = useLocation()
  const slug = slugOf(pathname)
  const screen = SCREENS[slug]
  const client = useQueryClient()
  const { can } = useAccess()
  const [form] = Form.useForm<CmsFormValues>()
  const { value: pages, error, loading } = useRecord(KEY, listCmsPages)
  const page = pages?.find((p) => p.slug === slug) ?? null

  /** The page as the server now has it (after a save or a restore). */
  const shown = (next: CmsPage) => {
    client.setQueryData<CmsPage[]>(KEY, (old) => (old ?? []).map((p) => (p._id === next._id ? next : p)))
  }
  const save = usePageSave({ form, update: (body: CmsInput) => updateCmsPage(page?._id ?? '', body), shown })

  return (
    <ContentPageCard<CmsPage, CmsFormValues>
      title={screen.title}
      page={page}
      error={error || (!loading && !page) ? (error ?? 'Page not found') : null}
      header={
        page && (
          <Paragraph type="secondary" style={{ fontSize: 13 }} aria-label="Last published">
            {page.publishedAt
              ? `Last published ${formatDate(page.publishedAt)}${page.publishedBy ? ` by ${page.publishedBy}` : ''} (revision #${page.revision})`
              : 'Not published yet'}
          </Paragraph>
        )
      }
      form={form}
      valuesOf={valuesOf}
      onFinish={(values) => save.mutate({ title: values.title.trim(), content: values.content ?? '' })}
      saving={save.isPending}
      revisions={(shownPage) => ({
        queryKey: [...KEY, shownPage._id],
        calls: revisionSource<CmsPage>('cms', shownPage._id),
        fields: FIELDS,
        canRestore: can(screen.module, 'edit'),
        onRestored: (next) => {
          shown(next)
          form.setFieldsValue({ title: next.title, content: next.content })
        },
      })}
    >
      <Form.Item label="Title" name="title" required rules={[rule(v.title)]}>
        <Input {...limitProps(LIMITS.page.cmsTitle)} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Content" name="content" required rules={[rule(v.content)]}>
        <RichTextEditor aria-label="Content" />
      </Form.Item>
    </ContentPageCard>
  )
}
