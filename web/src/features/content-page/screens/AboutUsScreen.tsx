/**
 * /content_management/about_us (edit): the about-us text (rich text) and its images, Save, and
 * the page's revisions (compare two, restore one).
 */
import { useQueryClient } from '@tanstack/react-query'
import { Form } from 'antd'
import { ContentPageCard } from '../../../components/ContentPageCard'
import { ImageUploader } from '../../../components/ImageUploader'
import { type RevisionField } from '../../../components/RevisionPanel'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { usePageSave } from '../../../components/usePageSave'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { rule } from '../../../lib/validators'
import { getAboutUs, updateAboutUs } from '../api/about-us'
import { revisionSource } from '../../../lib/revisions'
import { ABOUT_US_MEDIA_MODULE } from '../constants'
import type { AboutUs, AboutUsInput } from '../types'
import * as v from '../validation'

const KEY = ['content-page', 'about-us']

const FIELDS: RevisionField[] = [
  { key: 'content', label: 'Content', kind: 'rich' },
  { key: 'images', label: 'Images', kind: 'list' },
]

const valuesOf = (page: AboutUs): AboutUsInput => ({ content: page.content, images: page.images ?? [] })

export default function AboutUsScreen() {
  const client = useQueryClient()
  const { can } = useAccess()
  const [form] = Form.useForm<AboutUsInput>()
  const { value: page, error } = useRecord(KEY, getAboutUs)
  const shown = (next: AboutUs) => client.setQueryData<AboutUs>(KEY, next)
  const save = usePageSave({ form, update: updateAboutUs, shown })

  return (
    <ContentPageCard<AboutUs, AboutUsInput>
      title="About Us"
      page={page}
      error={error}
      form={form}
      valuesOf={valuesOf}
      onFinish={(values) => save.mutate({ content: values.content ?? '', images: values.images ?? [] })}
      saving={save.isPending}
      revisions={() => ({
        queryKey: KEY,
        calls: revisionSource<AboutUs>('aboutUs'),
        fields: FIELDS,
        canRestore: can(SLUGS.aboutUs, 'edit'),
        onRestored: shown,
      })}
    >
      <Form.Item label="Content" name="content" required rules={[rule(v.content)]}>
        <RichTextEditor aria-label="Content" />
      </Form.Item>
      <Form.Item label="Images" name="images">
        <ImageUploader aria-label="Images" moduleName={ABOUT_US_MEDIA_MODULE} />
      </Form.Item>
    </ContentPageCard>
  )
}
