/** /signin and /charity-signin (nonprofit-admin mode): one screen, two endpoints. */
import { useState } from 'react'
import { Button, Form } from 'antd'
import Input from 'antd/es/input/Input'
import Password from 'antd/es/input/Password'
import { Link, useLocation, useNavigate } from 'react-router'
import { AuthCard } from '../components/AuthCard'
import { login } from '../api/login'
import { charityLogin } from '../api/charity-login'
import { useSession } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { loginEmail, loginPassword, rule } from '../../../lib/validators'
import { paths } from '../../../paths'

interface SignInValues {
  email: string
  password: string
}

export default function SignInScreen() {
  const { pathname } = useLocation()
  const charityMode = pathname === paths.charitySignIn()
  const navigate = useNavigate()
  const signIn = useSession((s) => s.signIn)
  const [submitting, setSubmitting] = useState(false)

  const onFinish = async (values: SignInValues) => {
    setSubmitting(true)
    try {
      const body = { email: values.email.trim(), password: values.password }
      const res = charityMode ? await charityLogin(body) : await login(body)
      signIn(res.data)
      toast.success(res.message || 'Success')
      // The shell's home sends the user on to their home screen (this page loads no route table).
      navigate(paths.home(), { replace: true })
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthCard title={charityMode ? 'Nonprofit Admin Sign In' : 'Sign In'}>
      <Form<SignInValues> layout="vertical" onFinish={onFinish} requiredMark={false} autoComplete="on">
        <Form.Item label="Email" name="email" rules={[rule(loginEmail)]}>
          <Input autoComplete="username" placeholder="Enter your email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[rule(loginPassword)]}>
          <Password autoComplete="current-password" placeholder="Enter your password" />
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -8, marginBottom: 16 }}>
          <Link to={paths.forgotPassword()}>Forgot Password?</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Sign In
        </Button>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          {charityMode ? (
            <Link to={paths.signIn()}>Sign in as an admin</Link>
          ) : (
            <Link to={paths.charitySignIn()}>Sign in as a nonprofit admin</Link>
          )}
        </div>
      </Form>
    </AuthCard>
  )
}
