/** /change_password (inside the shell, from the account menu). Success ends the session. */
import { useState } from 'react'
import { Button, Form, Input, Space } from 'antd'
import { Card } from '../../../components/Card'
import { useLocation, useNavigate } from 'react-router'
import { changePassword } from '../api/change-password'
import { canGoBack } from '../../../lib/navigation'
import { clearSession, useSession } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { confirmPassword, newPassword, oldPassword, rule, ruleWith } from '../../../lib/validators'
import { paths } from '../../../paths'

interface ChangePasswordValues {
  OldPassword: string
  Newpassword: string
  Confirmpassword: string
}

/** The new password, checked against the old one, and its confirmation, against the new one. */
const NEW_PASSWORDS = [
  { label: 'New Password', name: 'Newpassword', checkedWith: 'OldPassword', check: newPassword },
  { label: 'Confirm Password', name: 'Confirmpassword', checkedWith: 'Newpassword', check: confirmPassword },
]

export default function ChangePasswordScreen() {
  const user = useSession((s) => s.user)
  const navigate = useNavigate()
  const { key } = useLocation()
  const [submitting, setSubmitting] = useState(false)

  const onFinish = async (values: ChangePasswordValues) => {
    if (!user) return
    setSubmitting(true)
    try {
      const res = await changePassword({
        id: user._id,
        currentPassword: values.OldPassword,
        newPassword: values.Newpassword,
      })
      toast.success(res.message || 'Success')
      navigate(paths.signIn(), { replace: true })
      clearSession()
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Card title="Change Password" style={{ maxWidth: 520 }}>
      <Form<ChangePasswordValues> layout="vertical" onFinish={onFinish}>
        <Form.Item label="Old Password" name="OldPassword" required rules={[rule(oldPassword)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {NEW_PASSWORDS.map(({ label, name, checkedWith, check }) => (
          <Form.Item
            key={name}
            label={label}
            name={name}
            required
            dependencies={[checkedWith]}
            rules={[ruleWith(checkedWith, check)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting}>
            Change Password
          </Button>
          <Button onClick={() => (canGoBack(key) ? navigate(-1) : navigate(paths.home()))}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  )
}
