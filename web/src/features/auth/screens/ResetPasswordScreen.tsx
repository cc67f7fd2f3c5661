import { useState } from 'react'
import { Button, Form, Input } from 'antd'
import { Link, useNavigate, useParams } from 'react-router'
import { AuthCard } from '../components/AuthCard'
import { resetPassword } from '../api/reset-password'
import { toast } from '../../../lib/toast'
import { resetConfirmPassword, resetNewPassword, rule, ruleWith } from '../../../lib/validators'

interface ResetValues {
  Newpassword: string
  Confirmpassword: string
}

export default function ResetPasswordScreen() {
  const { token = '' } = useParams()
  const navigate = useNavigate()
  const [submitting, setSubmitting] = useState(false)

  const onFinish = async (values: ResetValues) => {
    setSubmitting(true)
    try {
      const res = await resetPassword({ newPassword: values.Newpassword, token })
      toast.success(res.message || 'Success')
      navigate('/signin')
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthCard title="Reset Password">
      <Form<ResetValues> layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="New Password" name="Newpassword" rules={[rule(resetNewPassword)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="Confirmpassword"
          dependencies={['Newpassword']}
          rules={[ruleWith('Newpassword', resetConfirmPassword)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Reset Password
        </Button>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/signin">Login</Link>
        </div>
      </Form>
    </AuthCard>
  )
}
