/**
 * /content_management/add_leadership and /content_management/edit_leadership/:id: a leader's
 * name, title, photo, biography (rich text), order on the page and whether it is shown; checked
 * with the content service's messages before sending, the server's field errors on their fields.
 */
import { useLayoutEffect } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Card, Col, Form, Input, Row, Skeleton, Space, Switch } from 'antd'
import { useLocation, useNavigate, useParams } from 'react-router'
import { ImageUploader } from '../../../components/ImageUploader'
import { LoadState } from '../../../components/LoadState'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { applyFieldErrors, clearEditedFieldErrors } from '../../../lib/form-errors'
import { canGoBack } from '../../../lib/navigation'
import { useRecord, useRefresh } from '../../../lib/query'
import { toast } from '../../../lib/toast'
import { rule } from '../../../lib/validators'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { addLeadership, getLeadership, updateLeadership } from '../api/leadership'
import { LEADERSHIP_MEDIA_MODULE } from '../constants'
import type { Leadership, LeadershipInput } from '../types'
import * as v from '../validation'

interface LeadershipFormValues {
  name: string
  title: string
  photo: string[]
  biography: string
  order: string
  isActive: boolean
}

const EMPTY: LeadershipFormValues = { name: '', title: '', photo: [], biography: '', order: '0', isActive: true }

const valuesOf = (row: Leadership): LeadershipFormValues => ({
  name: row.name,
  title: row.title,
  photo: row.photo ? [row.photo] : [],
  biography: row.biography ?? '',
  order: String(row.order ?? 0),
  isActive: row.isActive,
})

const bodyOf = (values: LeadershipFormValues): LeadershipInput => ({
  name: (values.name ?? '').trim(),
  title: (values.title ?? '').trim(),
  photo: values.photo?.[0] ?? '',
  biography: values.biography ?? '',
  order: Number((values.order ?? '').trim()),
  isActive: Boolean(values.isActive),
})

export default function LeadershipFormScreen() {
  const { id } = useParams()
  const editing = Boolean(id)
  const navigate = useNavigate()
  const { key: locationKey } = useLocation()
  const [form] = Form.useForm<LeadershipFormValues>()
  const refresh = useRefresh('leadership')
  const { value: row, error, loading } = useRecord(id ? ['leadership', id] : null, () => getLeadership(id ?? ''))

  useLayoutEffect(() => {
    if (row) form.setFieldsValue(valuesOf(row))
  }, [row, form])

  const save = useMutation({
    mutationFn: (body: LeadershipInput) => (id ? updateLeadership(id, body) : addLeadership(body)),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      navigate(listUrl(paths.leadershipList()))
    },
    onError: (e) => applyFieldErrors(form, e),
    onSettled: () => void refresh(),
  })

  const cancel = () => {
    if (canGoBack(locationKey)) navigate(-1)
    else navigate(listUrl(paths.leadershipList()))
  }

  const title = editing ? 'Edit Leadership' : 'Add Leadership'
  if (error)
    return (
      <LoadState
        title={title}
        error={error}
        back={<Button onClick={() => navigate(listUrl(paths.leadershipList()))}>Back</Button>}
      />
    )

  return (
    <Card title={title}>
      {loading && <Skeleton active />}
      <Form<LeadershipFormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onValuesChange={clearEditedFieldErrors(form)}
        onFinish={(values) => save.mutate(bodyOf(values))}
        scrollToFirstError
        style={{ display: loading ? 'none' : undefined }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Name" name="name" required rules={[rule(v.name)]}>
              <Input maxLength={v.NAME_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Title" name="title" required rules={[rule(v.title)]}>
              <Input maxLength={v.TITLE_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Photo" name="photo" required rules={[rule(v.photo)]}>
              <ImageUploader
                aria-label="Photo"
                moduleName={LEADERSHIP_MEDIA_MODULE}
                maxNumber={1}
                buttonLabel="Upload Photo"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Biography" name="biography">
              <RichTextEditor aria-label="Biography" height={220} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Order" name="order" required rules={[rule(v.order)]}>
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Active" name="isActive" valuePropName="checked">
              <Switch aria-label="Active" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
          <Button onClick={cancel}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  )
}
