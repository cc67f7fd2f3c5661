/**
 * /giving_partner: the giving-partner content page (SPEC sections 2, 3 and 5): a single image
 * (uploaded first with moduleName 'givingPartnerimage'; its data.name is saved, otherwise the
 * old name is kept) and the rich-text content (editor 300 px high; '&nbsp;' entities become
 * plain spaces before sending); Save, and Cancel to /dashboard, not shown to sub-admins. Below,
 * the page's revisions (compare two, restore one).
 */
import { useQueryClient } from '@tanstack/react-query'
import { Button, Form } from 'antd'
import { useNavigate } from 'react-router'
import { ContentPageCard } from '../../../components/ContentPageCard'
import { ImageUploader } from '../../../components/ImageUploader'
import { type RevisionField } from '../../../components/RevisionPanel'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { usePageSave } from '../../../components/usePageSave'
import { useRecord } from '../../../lib/query'
import { holdsEverything, isSubAdminUser, useAccess } from '../../../lib/session'
import { paths } from '../../../paths'
import { revisionSource } from '../../../lib/revisions'
import { getGivingPartnerPage, updateGivingPartnerPage } from '../api/giving-partner-page'
import { CONTENT_EDITOR_HEIGHT, GIVING_PARTNER_MEDIA_MODULE } from '../constants'
import { checkContent, withPlainSpaces } from '../content'
import { rule } from '../../../lib/validators'
import type { GivingPartnerPage } from '../types'

const KEY = ['giving-partner-page']
const TITLE = 'Giving Partner Page'

interface PageFormValues {
  image: string[]
  content: string
}

const FIELDS: RevisionField[] = [
  { key: 'image', label: 'Image', kind: 'text' },
  { key: 'content', label: 'Content', kind: 'rich' },
]

const valuesOf = (page: GivingPartnerPage): PageFormValues => ({
  image: page.image ? [page.image] : [],
  content: page.content ?? '',
})

export default function GivingPartnerPageScreen() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const { user } = useAccess()
  const [form] = Form.useForm<PageFormValues>()
  const { value: page, error } = useRecord(KEY, getGivingPartnerPage)
  const canCancel = !isSubAdminUser(user)
  const shown = (next: GivingPartnerPage) => client.setQueryData<GivingPartnerPage>(KEY, next)
  const save = usePageSave({ form, update: updateGivingPartnerPage, shown })

  const cancel = canCancel && <Button onClick={() => navigate(paths.dashboard())}>Cancel</Button>

  const onFinish = (values: PageFormValues) => {
    if (!page) return
    save.mutate({
      _id: page._id,
      content: withPlainSpaces(values.content ?? ''),
      // A newly uploaded image, else the saved one.
      image: values.image?.[0] || page.image || '',
    })
  }

  return (
    <ContentPageCard<GivingPartnerPage, PageFormValues>
      title={TITLE}
      page={page}
      error={error}
      back={cancel || null}
      form={form}
      valuesOf={valuesOf}
      onFinish={onFinish}
      saving={save.isPending}
      extra={cancel}
      revisions={() => ({
        queryKey: KEY,
        calls: revisionSource<GivingPartnerPage>('givingPartner'),
        fields: FIELDS,
        canRestore: holdsEverything(user),
        onRestored: shown,
      })}
    >
      <Form.Item
        label="Image"
        name="image"
        extra="Replace the image to change it: without a new image the current one is kept."
      >
        <ImageUploader aria-label="Image" moduleName={GIVING_PARTNER_MEDIA_MODULE} maxNumber={1} />
      </Form.Item>
      <Form.Item label="Content" name="content" required rules={[rule(checkContent)]}>
        <RichTextEditor aria-label="Content" height={CONTENT_EDITOR_HEIGHT} />
      </Form.Item>
    </ContentPageCard>
  )
}
