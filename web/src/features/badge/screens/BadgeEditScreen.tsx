/**
 * /badge/badge_edit/:id (Badge Management, edit): name, description, image, active flag and the
 * rule that awards the badge with its threshold: dollars for 'total given' (sent as cents, no
 * floating point), a whole number for donations and months subscribed. The server's field
 * messages show on their fields.
 */
import { useLayoutEffect } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Form, Input, Select, Switch } from 'antd'
import { FormCard } from '../../../components/FormScreen'
import { useNavigate, useParams } from 'react-router'
import { LoadState } from '../../../components/LoadState'
import { ImageUploader } from '../../../components/ImageUploader'
import { applyFieldErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useRecord, useRefresh } from '../../../lib/query'
import { getBadge } from '../api/get-badge'
import { updateBadge } from '../api/update-badge'
import type { BadgeBody, BadgeRule } from '../types'
import { BADGE_MEDIA_MODULE } from '../../../lib/media-modules'
import { badgeDescription, badgeName, centsToDollars, RULE_OPTIONS, thresholdOf } from '../rules'
import { listUrl } from '../../../lib/list-state'
import { LIMITS, limitProps } from '../../../lib/limits'
import { rule as validatorRule } from '../../../lib/validators'
import { paths } from '../../../paths'

interface BadgeFormValues {
  name: string
  description: string
  images: string[]
  isActive: boolean
  rule?: BadgeRule
  threshold: string
}

const RULE_MESSAGE = 'Please choose a rule'

export default function BadgeEditScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const [form] = Form.useForm<BadgeFormValues>()
  const rule = Form.useWatch('rule', form)
  const { value: badge, error: loadError, loading } = useRecord(['badge', id], () => getBadge(id))
  const refresh = useRefresh('badge')
  const save = useMutation({
    mutationFn: (body: BadgeBody) => updateBadge(id, body),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      navigate(listUrl(paths.badgeList()))
    },
    onError: (e) => applyFieldErrors(form, e, { image: ['images'] }),
    onSettled: () => void refresh(),
  })

  useLayoutEffect(() => {
    if (!badge) return
    form.setFieldsValue({
      name: badge.name ?? '',
      description: badge.description ?? '',
      images: badge.image ? [badge.image] : [],
      isActive: Boolean(badge.isActive),
      rule: badge.rule,
      threshold: badge.rule === 'totalGiven' ? centsToDollars(badge.threshold) : String(badge.threshold ?? ''),
    })
  }, [badge, form])

  const onFinish = (values: BadgeFormValues) => {
    const threshold = thresholdOf(values.rule, values.threshold)
    if (typeof threshold !== 'number' || !values.rule) return
    save.mutate({
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      image: values.images?.[0] ?? '',
      isActive: values.isActive,
      rule: values.rule,
      threshold,
    })
  }

  const back = <Button onClick={() => navigate(listUrl(paths.badgeList()))}>Back to Badge Management</Button>
  if (loadError) return <LoadState title="Edit Badge" error={loadError} back={back} />

  return (
    <FormCard<BadgeFormValues>
      title="Edit Badge"
      hidden={loading}
      form={form}
      onFinish={onFinish}
      initialValues={{ name: '', description: '', images: [], isActive: true, threshold: '' }}
      maxWidth={720}
      saving={save.isPending}
      cancel={<Button onClick={() => navigate(listUrl(paths.badgeList()))}>Cancel</Button>}
    >
      <Form.Item label="Name" name="name" required rules={[validatorRule(badgeName)]}>
        <Input {...limitProps(LIMITS.badge.name)} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[validatorRule(badgeDescription)]}>
        <Input.TextArea rows={4} {...limitProps(LIMITS.badge.description, true)} />
      </Form.Item>
      <Form.Item label="Image" name="images">
        <ImageUploader aria-label="Image" moduleName={BADGE_MEDIA_MODULE} maxNumber={1} buttonLabel="Upload Image" />
      </Form.Item>
      <Form.Item label="Active" name="isActive" valuePropName="checked">
        <Switch aria-label="Active" />
      </Form.Item>
      <Form.Item label="Rule" name="rule" required rules={[{ required: true, message: RULE_MESSAGE }]}>
        <Select
          aria-label="Rule"
          options={RULE_OPTIONS}
          placeholder="Choose a rule"
          onChange={() => {
            if (form.getFieldValue('threshold')) void form.validateFields(['threshold']).catch(() => undefined)
          }}
        />
      </Form.Item>
      <Form.Item
        label={rule === 'totalGiven' ? 'Threshold (USD)' : 'Threshold'}
        name="threshold"
        required
        dependencies={['rule']}
        rules={[
          {
            validator: (_, v) => {
              const result = thresholdOf(form.getFieldValue('rule'), v)
              return typeof result === 'number' ? Promise.resolve() : Promise.reject(new Error(result))
            },
          },
        ]}
      >
        <Input
          inputMode={rule === 'totalGiven' ? 'decimal' : 'numeric'}
          prefix={rule === 'totalGiven' ? '$' : undefined}
          autoComplete="off"
        />
      </Form.Item>
    </FormCard>
  )
}
