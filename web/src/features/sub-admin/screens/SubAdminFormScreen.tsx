/** /sub_admin/sub_admin_add and /sub_admin/sub_admin_edit/:id. */
import { useLayoutEffect, useMemo } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Form, Input, Row, Space } from 'antd'
import { Card } from '../../../components/Card'
import { FormCard } from '../../../components/FormScreen'
import { FormField, TextField } from '../../../components/FormField'
import { LoadState } from '../../../components/LoadState'
import { useNavigate, useParams } from 'react-router'
import { PermissionMatrix } from '../components/PermissionMatrix'
import { createSubAdmin } from '../api/create-sub-admin'
import { updateSubAdmin } from '../api/update-sub-admin'
import { getSubAdmin } from '../api/get-sub-admin'
import type { SubAdminPermission } from '../types'
import { toast } from '../../../lib/toast'
import { useRecord, useRefresh } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { MODULES, type Action } from '../../../lib/modules'
import { SUB_ADMIN_MODULE, isOwnRecord, mayActOn, mayGrant, maySetCredentials } from '../grants'
import {
  firstName,
  lastName,
  permissionsSelected,
  rule,
  subAdminEmail,
  subAdminPassword,
} from '../../../lib/validators'
import { listUrl } from '../../../lib/list-state'
import { LIMITS } from '../../../lib/limits'
import { paths } from '../../../paths'

interface SubAdminFormValues {
  firstName: string
  lastName: string
  email: string
  password?: string
  permissions: SubAdminPermission[]
}

export default function SubAdminFormScreen() {
  const { id } = useParams()
  const editing = Boolean(id)
  const navigate = useNavigate()
  const [form] = Form.useForm<SubAdminFormValues>()
  const {
    value: subAdmin,
    error: loadError,
    loading,
  } = useRecord(id ? ['sub-admin', id] : null, () => getSubAdmin(id ?? ''))
  const refresh = useRefresh('sub-admin')
  // A failure is shown by the request client; the form stays as it is.
  const save = useMutation({
    mutationFn: (values: SubAdminFormValues) => {
      const body = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        permissions: (values.permissions ?? [])
          .filter((p) => p.actions.length > 0)
          .map((p) => ({ slug: p.slug, actions: p.actions })),
      }
      return id
        ? updateSubAdmin(id, { ...body, ...(credentials && values.password ? { password: values.password } : {}) })
        : createSubAdmin({ ...body, password: values.password ?? '' })
    },
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      navigate(listUrl(paths.subAdminList()))
    },
    onSettled: () => void refresh(),
  })
  const { user } = useAccess()
  const own = isOwnRecord(user, id)
  // Only the main admin sets another account's password or email (identity refuses it from
  // a sub-admin): on an edit, a sub-admin sees the email as it is and no password field.
  const credentials = !editing || maySetCredentials(user)
  const stronger = editing && subAdmin !== undefined && subAdmin !== null && !mayActOn(user, subAdmin.permissions)

  // A sub-admin is offered the modules where it may grant something, and sees (disabled) the
  // others the edited sub-admin holds; never the Sub Admin module, which the server keeps as it was.
  const grantable = (slug: string, action: Action) => mayGrant(user, slug, action)
  const modules = useMemo(() => {
    if (user?.adminType === 'Admin') return MODULES
    const held = new Set((subAdmin?.permissions ?? []).filter((p) => p.actions.length > 0).map((p) => p.slug))
    return MODULES.filter(
      (m) => m.slug !== SUB_ADMIN_MODULE && (held.has(m.slug) || m.actions.some((a) => mayGrant(user, m.slug, a))),
    )
  }, [user, subAdmin])

  // The form starts from the sub-admin once it is there (before the browser paints it).
  useLayoutEffect(() => {
    if (!subAdmin) return
    form.setFieldsValue({
      firstName: subAdmin.firstName,
      lastName: subAdmin.lastName,
      email: subAdmin.email,
      password: '',
      permissions: subAdmin.permissions.map((p) => ({ slug: p.slug, actions: p.actions })),
    })
  }, [subAdmin, form])

  const onFinish = (values: SubAdminFormValues) => save.mutate(values)

  const title = editing ? 'Edit Sub Admin' : 'Add Sub Admin'

  const toList = () => navigate(listUrl(paths.subAdminList()))
  const back = <Button onClick={toList}>Back to Sub Admin</Button>
  if (loadError) return <LoadState title={title} error={loadError} back={back} />

  // A sub-admin holding a right the caller lacks, or the caller's own account: not editable here.
  const refused = stronger
    ? 'This sub-admin holds permissions you do not hold: ask the main admin'
    : own
      ? 'You cannot edit your own account: ask the main admin'
      : null
  if (refused) {
    return (
      <Card title={title}>
        <Space orientation="vertical">
          <Alert type="info" showIcon title={refused} />
          {back}
        </Space>
      </Card>
    )
  }

  return (
    <FormCard<SubAdminFormValues>
      title={title}
      hidden={loading}
      form={form}
      onFinish={onFinish}
      initialValues={{ permissions: [] }}
      saving={save.isPending}
      cancel={<Button onClick={toList}>Cancel</Button>}
    >
      <Row gutter={16}>
        <TextField label="First Name" name="firstName" required check={firstName} limit={LIMITS.subAdmin.firstName} />
        <TextField label="Last Name" name="lastName" required check={lastName} limit={LIMITS.subAdmin.lastName} />
        <TextField
          label="Email"
          name="email"
          required
          check={subAdminEmail}
          limit={LIMITS.email}
          disabled={!credentials}
          extra={credentials ? undefined : 'Only the main admin can change the email.'}
        />
        {credentials && (
          <FormField
            label="Password"
            name="password"
            required={!editing}
            check={subAdminPassword(!editing)}
            extra={editing ? 'Leave blank to keep the current password.' : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </FormField>
        )}
      </Row>
      <Form.Item label="Permissions" name="permissions" required rules={[rule(permissionsSelected)]}>
        <PermissionMatrix modules={modules} grantable={grantable} />
      </Form.Item>
    </FormCard>
  )
}
