/**
 * /content_management/about_us (edit): the about-us text (rich text) and its images, Save, and
 * the page's revisions (compare two, restore one).
 */
import { useLayoutEffect } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Form, Skeleton, Space } from 'antd'
import { useNavigate } from 'react-router'
import { ImageUploader } from '../../../components/ImageUploader'
import { LoadState } from '../../../components/LoadState'
import { RevisionPanel, type RevisionField } from '../../../components/RevisionPanel'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { applyFieldErrors, clearEditedFieldErrors } from '../../../lib/form-errors'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { rule } from '../../../lib/validators'
import { paths } from '../../../paths'
import { getAboutUs, updateAboutUs } from '../api/about-us'
import { revisionSource } from '../../../lib/revisions'
import { ABOUT_US_MEDIA_MODULE } from '../constants'
import { UpdatedLine } from '../../../components/UpdatedLine'
import type { AboutUs, AboutUsInput } from '../types'
import * as v from '../validation'

const KEY = ['content-page', 'about-us']

const FIELDS: RevisionField[] = [
  { key: 'content', label: 'Content', kind: 'rich' },
  { key: 'images', label: 'Images', kind: 'list' },
]

export default function AboutUsScreen() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const { can } = useAccess()
  const [form] = Form.useForm<AboutUsInput>()
  const { value: page, error } = useRecord(KEY, getAboutUs)

  useLayoutEffect(() => {
    if (page) form.setFieldsValue({ content: page.content, images: page.images ?? [] })
  }, [page, form])

  const shown = (next: AboutUs) => client.setQueryData<AboutUs>(KEY, next)

  const save = useMutation({
    mutationFn: updateAboutUs,
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      if (res.data) shown(res.data)
    },
    onError: (e) => applyFieldErrors(form, e),
  })

  if (error)
    return (
      <LoadState title="About Us" error={error} back={<Button onClick={() => navigate(paths.home())}>Back</Button>} />
    )

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="About Us">
        {!page ? (
          <Skeleton active />
        ) : (
          <>
            <UpdatedLine page={page} />
            <Form<AboutUsInput>
              form={form}
              layout="vertical"
              initialValues={{ content: page.content, images: page.images ?? [] }}
              onValuesChange={clearEditedFieldErrors(form)}
              onFinish={(values) => save.mutate({ content: values.content ?? '', images: values.images ?? [] })}
            >
              <Form.Item label="Content" name="content" required rules={[rule(v.content)]}>
                <RichTextEditor aria-label="Content" />
              </Form.Item>
              <Form.Item label="Images" name="images">
                <ImageUploader aria-label="Images" moduleName={ABOUT_US_MEDIA_MODULE} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Save
              </Button>
            </Form>
          </>
        )}
      </Card>
      {page && (
        <RevisionPanel<AboutUs>
          queryKey={KEY}
          calls={revisionSource<AboutUs>('aboutUs')}
          fields={FIELDS}
          current={page.revision}
          canRestore={can(SLUGS.aboutUs, 'edit')}
          onRestored={(next) => next && shown(next)}
        />
      )}
    </Space>
  )
}
