/** /signin and /charity-signin (nonprofit-admin mode): one screen, two endpoints. */
import { Suspense, lazy, useState, type FormEvent } from 'react'
import { Button } from 'antd'
import Input from 'antd/es/input/Input'
import Password from 'antd/es/input/Password'
import { Link, useLocation, useNavigate } from 'react-router'
import { AuthCard } from '../components/AuthCard'
import { login } from '../api/login'
import { charityLogin } from '../api/charity-login'
import { useSession } from '../../../lib/session'
import { showError } from '../../../lib/api-client'
import { afterSignInPath } from '../../../lib/navigation'
import { toast } from '../../../lib/toast'
import { loginEmail, loginPassword } from '../../../lib/validators'
import { LightField } from '../../../components/LightField'
import { useLightForm } from '../../../components/useLightForm'
import { paths } from '../../../paths'
import type { SessionUser } from '../../../lib/session'
import { isChallenge, verifyTwoFactor, type TwoFactorChallenge } from '../api/two-factor-challenge'
// The required set-up (the mailed code, the QR code and all) loads only when a sign-in needs
// it: the sign-in route stays within its bundle budget.
const ChallengeCode = lazy(() => import('../components/ChallengeCode').then((m) => ({ default: m.ChallengeCode })))
const ChallengeEnrol = lazy(() => import('../components/ChallengeEnrol').then((m) => ({ default: m.ChallengeEnrol })))

interface SignInValues {
  email: string
  password: string
}

/** The sign-in form's fields and their checks (SPEC section 5). */
const SIGN_IN_FIELDS = { email: loginEmail, password: loginPassword }

/**
 * The server's field error on `email` (a right password at the wrong sign-in page). Read here
 * rather than with lib/form-errors: the sign-in route keeps within its bundle budget.
 */
function emailError(error: unknown): string | undefined {
  const errors = (error as { response?: { data?: { errors?: unknown } } } | null)?.response?.data?.errors
  if (!Array.isArray(errors)) return undefined
  const found = errors.find((e: { field?: unknown }) => e?.field === 'email') as { message?: unknown } | undefined
  return typeof found?.message === 'string' ? found.message : undefined
}

export default function SignInScreen() {
  const { pathname, state } = useLocation()
  const charityMode = pathname === paths.charitySignIn()
  const { values, errors, setValue, validate } = useLightForm(SIGN_IN_FIELDS)
  // The server's word that this account signs in at the other sign-in page (a right password
  // at the wrong one): shown under the email, with the link there.
  const [wrongDoor, setWrongDoor] = useState<string | null>(null)
  const otherSignIn = charityMode ? paths.signIn() : paths.charitySignIn()
  const navigate = useNavigate()
  const signIn = useSession((s) => s.signIn)
  const [submitting, setSubmitting] = useState(false)
  // Two-factor sign-in: the second step due after a right password.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null)

  const enter = (user: SessionUser, message: string) => {
    signIn(user)
    toast.success(message || 'Success')
    // Back to the page asked for when signed out (a deep link), else the shell's home, which
    // sends the user on to their home screen (this page loads no route table).
    navigate(afterSignInPath(state, [paths.signIn(), paths.charitySignIn()]) ?? paths.home(), { replace: true })
  }

  const onFinish = async (values: SignInValues) => {
    setSubmitting(true)
    setWrongDoor(null)
    try {
      const body = { email: values.email.trim(), password: values.password }
      const res = charityMode ? await charityLogin(body) : await login(body)
      if (isChallenge(res.data)) {
        setChallenge(res.data)
        toast.success(res.message)
        return
      }
      enter(res.data, res.message)
    } catch (error) {
      const onEmail = emailError(error)
      if (onEmail) setWrongDoor(onEmail)
      else showError(error)
    } finally {
      setSubmitting(false)
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const valid = validate()
    if (valid) void onFinish(valid)
  }

  const onCode = async (values: { code?: string; recoveryCode?: string }, useRecovery: boolean) => {
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

  if (challenge?.twoFactor === 'enrol') {
    return (
      <AuthCard title="Set up two-factor sign-in">
        <Suspense fallback={null}>
          <ChallengeEnrol
            challengeToken={challenge.challengeToken}
            onSignedIn={(user) => enter(user, 'Login Successfully')}
          />
        </Suspense>
      </AuthCard>
    )
  }

  if (challenge) {
    return (
      <AuthCard title="Two-factor sign-in">
        <Suspense fallback={null}>
          <ChallengeCode onCode={onCode} submitting={submitting} />
        </Suspense>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={charityMode ? 'Nonprofit Admin Sign In' : 'Sign In'}>
      <form noValidate autoComplete="on" onSubmit={onSubmit}>
        <LightField
          label="Email"
          error={errors.email}
          help={
            wrongDoor ? (
              <span>
                {wrongDoor}{' '}
                <Link to={otherSignIn}>{charityMode ? 'Go to the admin sign-in' : 'Go to the nonprofit sign-in'}</Link>
              </span>
            ) : undefined
          }
          input={(field) => (
            <Input
              {...field}
              value={values.email}
              onChange={(e) => {
                setWrongDoor(null)
                setValue('email', e.target.value)
              }}
              autoComplete="username"
              placeholder="Enter your email"
            />
          )}
        />
        <LightField
          label="Password"
          error={errors.password}
          input={(field) => (
            <Password
              {...field}
              value={values.password}
              onChange={(e) => setValue('password', e.target.value)}
              autoComplete="current-password"
              placeholder="Enter your password"
            />
          )}
        />
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
      </form>
    </AuthCard>
  )
}
