/**
 * The second step of a two-factor sign-in: the code from the authenticator app, or one of the
 * recovery codes. Loaded only when a sign-in needs it (the sign-in page's bundle budget).
 */
import { useState } from 'react'
import { Button, Form, Input } from 'antd'

export interface ChallengeCodeProps {
  /** Sends the code (or the recovery code); the request client shows a refusal. */
  onCode: (values: { code?: string; recoveryCode?: string }, useRecovery: boolean) => Promise<void>
  submitting: boolean
}

export function ChallengeCode({ onCode, submitting }: ChallengeCodeProps) {
  const [useRecovery, setUseRecovery] = useState(false)
  return (
    <Form<{ code?: string; recoveryCode?: string }>
      layout="vertical"
      onFinish={(values) => onCode(values, useRecovery)}
      requiredMark={false}
    >
      {useRecovery ? (
        <Form.Item
          label="Recovery code"
          name="recoveryCode"
          rules={[{ required: true, whitespace: true, message: 'Enter a recovery code' }]}
        >
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
  )
}
