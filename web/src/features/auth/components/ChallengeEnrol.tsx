/**
 * The required set-up of two-factor sign-in during a sign-in: first the code mailed to the
 * account (it proves the mailbox: a password alone sets up nothing), then the set-up steps
 * (QR code, a code to confirm, the recovery codes shown once), which start the session.
 */
import { useState } from 'react'
import { Button, Form, Input } from 'antd'
import { applyFieldErrors } from '../../../lib/form-errors'
import type { SessionUser } from '../../../lib/session'
import { TwoFactorEnrolSteps, type TwoFactorSecret } from '../../../components/TwoFactorEnrolSteps'
import { challengeConfirm, challengeEnrol } from '../api/two-factor-challenge'

export interface ChallengeEnrolProps {
  /** The sign-in's challenge ("enrol"). */
  challengeToken: string
  /** After the recovery codes were saved: the session the confirmation started. */
  onSignedIn: (user: SessionUser) => void
}

export function ChallengeEnrol({ challengeToken, onSignedIn }: ChallengeEnrolProps) {
  const [form] = Form.useForm<{ emailCode: string }>()
  const [secret, setSecret] = useState<TwoFactorSecret | null>(null)
  const [user, setUser] = useState<SessionUser | null>(null)
  const [busy, setBusy] = useState(false)

  if (secret) {
    return (
      <TwoFactorEnrolSteps
        begin={async () => secret}
        confirm={async (code) => {
          const { recoveryCodes, ...signedIn } = (await challengeConfirm(challengeToken, code)).data
          setUser(signedIn)
          return recoveryCodes
        }}
        onDone={() => user && onSignedIn(user)}
      />
    )
  }
  return (
    <>
      <p>
        Two-factor sign-in is required for your account. We have sent a code to your email address: enter it to set up
        your authenticator app.
      </p>
      <Form<{ emailCode: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={async ({ emailCode }) => {
          setBusy(true)
          try {
            setSecret((await challengeEnrol(challengeToken, emailCode.trim())).data)
          } catch (e) {
            // The request client has shown the server's message; a field error goes under its field.
            applyFieldErrors(form, e)
          } finally {
            setBusy(false)
          }
        }}
      >
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
        <Button type="primary" htmlType="submit" block loading={busy}>
          Continue
        </Button>
      </Form>
    </>
  )
}
