/** /cause/cause_add and /cause/cause_edit/:id: Name and Description of a cause. */
import { useLayoutEffect } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Form, Input } from 'antd'
import { FormCard } from '../../../components/FormScreen'
import { LoadState } from '../../../components/LoadState'
import { useNavigate, useParams } from 'react-router'
import { createCause } from '../api/create-cause'
import { updateCause } from '../api/update-cause'
import { getCause } from '../api/get-cause'
import { causeDescription, causeName } from '../validation'
import { LIMITS, limitProps } from '../../../lib/limits'
import { toast } from '../../../lib/toast'
import { useRecord, useRefresh } from '../../../lib/query'
import { rule } from '../../../lib/validators'
import { paths } from '../../../paths'

const LIST_PATH = paths.causeList()

interface CauseFormValues {
  name: string
  description?: string
}

export default function CauseFormScreen() {
  const { id } = useParams()
  const editing = Boolean(id)
  const navigate = useNavigate()
  const [form] = Form.useForm<CauseFormValues>()
  const { value: cause, error: loadError, loading } = useRecord(id ? ['cause', id] : null, () => getCause(id ?? ''))
  const refresh = useRefresh('cause')
  // A failure is shown by the request client; the form stays as it is.
  const save = useMutation({
    mutationFn: (body: { name: string; description: string }) => (id ? updateCause(id, body) : createCause(body)),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      navigate(LIST_PATH)
    },
    onSettled: () => void refresh(),
  })

  // The form starts from the cause once it is there (before the browser paints it).
  useLayoutEffect(() => {
    if (cause) form.setFieldsValue({ name: cause.name ?? '', description: cause.description ?? '' })
  }, [cause, form])

  const onFinish = (values: CauseFormValues) => {
    save.mutate({ name: values.name.trim(), description: (values.description ?? '').trim() })
  }

  const title = editing ? 'Edit Cause' : 'Add Cause'

  if (loadError) {
    const back = <Button onClick={() => navigate(LIST_PATH)}>Back to Causes/Affiliations Management</Button>
    return <LoadState title={title} error={loadError} back={back} />
  }

  return (
    <FormCard<CauseFormValues>
      title={title}
      hidden={loading}
      form={form}
      onFinish={onFinish}
      initialValues={{ name: '', description: '' }}
      maxWidth={720}
      saving={save.isPending}
      cancel={<Button onClick={() => navigate(LIST_PATH)}>Cancel</Button>}
    >
      <Form.Item label="Name" name="name" required rules={[rule(causeName)]}>
        <Input {...limitProps(LIMITS.cause.name)} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[rule(causeDescription)]}>
        <Input.TextArea rows={5} {...limitProps(LIMITS.cause.description, true)} />
      </Form.Item>
    </FormCard>
  )
}
