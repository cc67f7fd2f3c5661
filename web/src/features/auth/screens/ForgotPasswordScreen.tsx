import { useState } from 'react'
import { Button, Form } from 'antd'
import Input from 'antd/es/input/Input'
import { Link, useNavigate } from 'react-router'
import { AuthCard } from '../components/AuthCard'
import { forgotPassword } from '../api/forgot-password'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { forgotEmail, rule } from '../../../lib/validators'
import { paths } from '../../../paths'

export default function ForgotPasswordScreen() {
  const navigate = useNavigate()
  const [submitting, setSubmitting] = useState(false)

  const onFinish = async ({ email }: { email: string }) => {
    setSubmitting(true)
    try {
      const res = await forgotPassword({ email: email.trim() })
      toast.success(res.message || 'Success')
      navigate(paths.signIn())
    } catch (error) {
      // SPEC section 8: a failure is shown as a success-style toast.
      toast.success(errorMessage(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthCard title="Forgot Password" subtitle="Enter the email address of your account to receive a reset link.">
      <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[rule(forgotEmail)]}>
          <Input autoComplete="email" placeholder="Enter your email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Reset Password
        </Button>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to={paths.signIn()}>Login</Link>
        </div>
      </Form>
    </AuthCard>
  )
}
