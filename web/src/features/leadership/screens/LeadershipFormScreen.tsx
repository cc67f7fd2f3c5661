/**
 * /content_management/add_leadership and /content_management/edit_leadership/:id: a leader's
 * name, title, photo, biography (rich text), order on the page and whether it is shown; checked
 * with the content service's messages before sending, the server's field errors on their fields.
 */
import { Form, Row } from 'antd'
import { useParams } from 'react-router'
import { FormScreen } from '../../../components/FormScreen'
import { MediaField, OrderFields, RichTextField, TextField } from '../../../components/FormField'
import { recordCalls, useFormScreen } from '../../../components/useFormScreen'
import { clearEditedFieldErrors } from '../../../lib/form-errors'
import { LIMITS } from '../../../lib/limits'
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
    ...recordCalls('leadership', id, { get: getLeadership, create: addLeadership, update: updateLeadership }),
    listPath: listUrl(paths.leadershipList()),
    form,
    valuesOf,
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
        <TextField label="Name" name="name" required check={v.name} limit={LIMITS.leadership.name} />
        <TextField label="Title" name="title" required check={v.title} limit={LIMITS.leadership.title} />
        <MediaField md={24} label="Photo" name="photo" required check={v.photo} moduleName={LEADERSHIP_MEDIA_MODULE} />
        <RichTextField label="Biography" name="biography" check={v.biography} height={220} />
        <OrderFields />
      </Row>
    </FormScreen>
  )
}
