/**
 * New and confirm password with the reset rules and messages: the form of Reset Password and
 * of Set Password (a nonprofit admin's invitation). Checks inline before sending (the server's
 * length and space rules too); sends the link's token with the password, shows the server's
 * answer (a field error also under its field) and goes to the sign-in screen after a success.
 */
import { useState } from 'react'
import { Button, Form } from 'antd'
import Password from 'antd/es/input/Password'
import { Link, useNavigate, useParams } from 'react-router'
import type { ApiEnvelope } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { resetConfirmPassword, resetNewPassword, rule, ruleWith } from '../../../lib/validators'

interface NewPasswordValues {
  Newpassword: string
  Confirmpassword: string
}

/** Server field names that differ from the form's. */
const SERVER_FIELDS = { newPassword: ['Newpassword'] }

export function NewPasswordForm({
  submit,
  button,
  signInPath,
}: {
  submit: (body: { token: string; newPassword: string }) => Promise<ApiEnvelope<unknown>>
  button: string
  signInPath: string
}) {
  const { token = '' } = useParams()
  const navigate = useNavigate()
  const [form] = Form.useForm<NewPasswordValues>()
  const [submitting, setSubmitting] = useState(false)

  const onFinish = async (values: NewPasswordValues) => {
    setSubmitting(true)
    try {
      const res = await submit({ newPassword: values.Newpassword, token })
      toast.success(res.message || 'Success')
      navigate(signInPath)
    } catch (e) {
      // The request client has shown the server's message; a field error goes under its field.
      applyFieldErrors(form, e, SERVER_FIELDS)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Form<NewPasswordValues> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Form.Item label="New Password" name="Newpassword" rules={[rule(resetNewPassword)]}>
        <Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="Confirmpassword"
        dependencies={['Newpassword']}
        rules={[ruleWith('Newpassword', resetConfirmPassword)]}
      >
        <Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {button}
      </Button>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to={signInPath}>Login</Link>
      </div>
    </Form>
  )
}
