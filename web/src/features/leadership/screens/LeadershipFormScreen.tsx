/**
 * /content_management/add_leadership and /content_management/edit_leadership/:id: a leader's
 * name, title, photo, biography (rich text), order on the page and whether it is shown; checked
 * with the content service's messages before sending, the server's field errors on their fields.
 */
import { Col, Form, Input, Row, Switch } from 'antd'
import { useParams } from 'react-router'
import { FormScreen } from '../../../components/FormScreen'
import { useFormScreen } from '../../../components/useFormScreen'
import { ImageUploader } from '../../../components/ImageUploader'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { clearEditedFieldErrors } from '../../../lib/form-errors'
import { rule } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
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
  const [form] = Form.useForm<LeadershipFormValues>()
  const screen = useFormScreen({
    listPath: listUrl(paths.leadershipList()),
    recordKey: id ? ['leadership', id] : null,
    load: () => getLeadership(id ?? ''),
    form,
    valuesOf,
    save: (body: LeadershipInput) => (id ? updateLeadership(id, body) : addLeadership(body)),
    refresh: ['leadership'],
  })

  return (
    <FormScreen<LeadershipFormValues>
      screen={screen}
      title={id ? 'Edit Leadership' : 'Add Leadership'}
      form={form}
      initialValues={EMPTY}
      onValuesChange={clearEditedFieldErrors(form)}
      onFinish={(values) => screen.save.mutate(bodyOf(values))}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Name" name="name" required rules={[rule(v.name)]}>
            <Input {...limitProps(LIMITS.leadership.name)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Title" name="title" required rules={[rule(v.title)]}>
            <Input {...limitProps(LIMITS.leadership.title)} autoComplete="off" />
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
          <Form.Item label="Biography" name="biography" rules={[rule(v.biography)]}>
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
    </FormScreen>
  )
}
