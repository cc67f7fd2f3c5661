/** /signin and /charity-signin (nonprofit-admin mode): one screen, two endpoints. */
import { Suspense, lazy, useState } from 'react'
import { Button, Form, Typography } from 'antd'
import Input from 'antd/es/input/Input'
import Password from 'antd/es/input/Password'
import { Link, useLocation, useNavigate } from 'react-router'
import { AuthCard } from '../components/AuthCard'
import { login } from '../api/login'
import { charityLogin } from '../api/charity-login'
import { useSession } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { applyFieldErrors } from '../../../lib/form-errors'
import { loginEmail, loginPassword, rule } from '../../../lib/validators'
import { paths } from '../../../paths'
import type { SessionUser } from '../../../lib/session'
import {
  challengeConfirm,
  challengeEnrol,
  isChallenge,
  verifyTwoFactor,
  type TwoFactorChallenge,
  type TwoFactorSecret,
} from '../../two-factor/api/two-factor'
// The set-up steps (QR code and all) load only when a sign-in needs them: the sign-in route
// stays within its bundle budget.
const EnrolSteps = lazy(() => import('../../two-factor/components/EnrolSteps').then((m) => ({ default: m.EnrolSteps })))

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
  // Two-factor sign-in: the second step due after a right password.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null)
  const [useRecovery, setUseRecovery] = useState(false)
  const [pendingUser, setPendingUser] = useState<SessionUser | null>(null)
  // The required set-up during sign-in: the secret, once the code mailed to the account
  // has proven the mailbox.
  const [enrolSecret, setEnrolSecret] = useState<TwoFactorSecret | null>(null)
  const [emailCodeForm] = Form.useForm<{ emailCode: string }>()

  const enter = (user: SessionUser, message: string) => {
    signIn(user)
    toast.success(message || 'Success')
    // The shell's home sends the user on to their home screen (this page loads no route table).
    navigate(paths.home(), { replace: true })
  }

  const onFinish = async (values: SignInValues) => {
    setSubmitting(true)
    try {
      const body = { email: values.email.trim(), password: values.password }
      const res = charityMode ? await charityLogin(body) : await login(body)
      if (isChallenge(res.data)) {
        setChallenge(res.data)
        toast.success(res.message)
        return
      }
      enter(res.data, res.message)
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSubmitting(false)
    }
  }

  const onCode = async (values: { code?: string; recoveryCode?: string }) => {
    if (!challenge) return
    setSubmitting(true)
    try {
      const res = await verifyTwoFactor(
        useRecovery
          ? { challengeToken: challenge.challengeToken, recoveryCode: values.recoveryCode?.trim() }
          : { challengeToken: challenge.challengeToken, code: values.code?.trim() },
      )
      enter(res.data, res.message)
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSubmitting(false)
    }
  }

  const onEmailCode = async ({ emailCode }: { emailCode: string }) => {
    if (!challenge) return
    setSubmitting(true)
    try {
      setEnrolSecret((await challengeEnrol(challenge.challengeToken, emailCode.trim())).data)
    } catch (e) {
      // The request client has shown the server's message; a field error goes under its field.
      applyFieldErrors(emailCodeForm, e)
    } finally {
      setSubmitting(false)
    }
  }

  if (challenge?.twoFactor === 'enrol' && !enrolSecret) {
    return (
      <AuthCard title="Set up two-factor sign-in">
        <Typography.Paragraph>
          Two-factor sign-in is required for your account. We have sent a code to your email address: enter it to set up your
          authenticator app.
        </Typography.Paragraph>
        <Form<{ emailCode: string }> form={emailCodeForm} layout="vertical" onFinish={onEmailCode} requiredMark={false}>
          <Form.Item
            label="Email code"
            name="emailCode"
            rules={[
              { required: true, whitespace: true, message: 'Email code is required' },
              { pattern: /^\s*\d{8}\s*$/, message: 'Enter the 8-digit code from your email' },
            ]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={8} placeholder="12345678" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Continue
          </Button>
        </Form>
      </AuthCard>
    )
  }

  if (challenge?.twoFactor === 'enrol' && enrolSecret) {
    const secret = enrolSecret
    return (
      <AuthCard title="Set up two-factor sign-in">
        <Suspense fallback={null}>
        <EnrolSteps
          begin={async () => secret}
          confirm={async (code) => {
            const res = await challengeConfirm(challenge.challengeToken, code)
            const { recoveryCodes, ...user } = res.data
            setPendingUser(user)
            return recoveryCodes
          }}
          onDone={() => pendingUser && enter(pendingUser, 'Login Successfully')}
        />
        </Suspense>
      </AuthCard>
    )
  }

  if (challenge) {
    return (
      <AuthCard title="Two-factor sign-in">
        <Form<{ code?: string; recoveryCode?: string }> layout="vertical" onFinish={onCode} requiredMark={false}>
          {useRecovery ? (
            <Form.Item label="Recovery code" name="recoveryCode" rules={[{ required: true, whitespace: true, message: 'Enter a recovery code' }]}>
              <Input autoComplete="off" placeholder="xxxxx-xxxxx" />
            </Form.Item>
          ) : (
            <Form.Item
              label="Verification code"
              name="code"
              rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: 'Enter the 6-digit code' }]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder="123456" autoFocus />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Verify
          </Button>
          <div style={{ textAlign: 'center', marginTop: 16 }}>
            <Button type="link" onClick={() => setUseRecovery(!useRecovery)}>
              {useRecovery ? 'Use a code from your app' : 'Use a recovery code'}
            </Button>
          </div>
        </Form>
      </AuthCard>
    )
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
