/**
 * Setting up two-factor sign-in: the QR code of the otpauth URI and the secret as text, a
 * code to confirm, then the ten recovery codes shown once (copy, "I have saved them").
 */
import { useEffect, useState } from 'react'
import { Alert, Button, Form, Input, QRCode, Space, Typography } from 'antd'

/** A new secret: Base32 to type, the otpauth URI for the QR code. */
export interface TwoFactorSecret {
  secret: string
  otpauthUri: string
}

export interface TwoFactorEnrolStepsProps {
  /** Begins the set-up (a new secret). */
  begin: () => Promise<TwoFactorSecret>
  /** Confirms with a code; answers the recovery codes. */
  confirm: (code: string) => Promise<string[]>
  /** After "I have saved them". */
  onDone: () => void
}

export function TwoFactorEnrolSteps({ begin, confirm, onDone }: TwoFactorEnrolStepsProps) {
  const [secret, setSecret] = useState<TwoFactorSecret | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    begin().then(
      (s) => live && setSecret(s),
      () => undefined,
    )
    return () => {
      live = false
    }
    // Once per set-up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (codes) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type="warning"
          showIcon
          message="Save these recovery codes now: they are shown only once. Each signs in once without your authenticator app."
        />
        <pre data-testid="recovery-codes" style={{ fontSize: 16 }}>
          {codes.join('\n')}
        </pre>
        <Space>
          <Button onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>Copy</Button>
          <Button type="primary" onClick={onDone}>
            I have saved them
          </Button>
        </Space>
      </Space>
    )
  }
  if (!secret) return <Typography.Text>Preparing…</Typography.Text>
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>Scan this QR code with your authenticator app, or enter the key by hand.</Typography.Text>
      <QRCode value={secret.otpauthUri} />
      <Typography.Text copyable data-testid="two-factor-secret">
        {secret.secret}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }} data-testid="two-factor-uri">
        {secret.otpauthUri}
      </Typography.Text>
      <Form<{ code: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={async ({ code }) => {
          setBusy(true)
          try {
            setCodes(await confirm(code.trim()))
          } catch {
            // The request client has shown the server's message.
          } finally {
            setBusy(false)
          }
        }}
      >
        <Form.Item
          label="Verification code"
          name="code"
          rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: 'Enter the 6-digit code' }]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder="123456" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Confirm
        </Button>
      </Form>
    </Space>
  )
}
