/**
 * /two_factor (account menu): the signed-in admin's two-factor sign-in: its standing, the
 * set-up (QR code, key, code, recovery codes shown once), turning it off with a current
 * code; for the main admin also the switch that requires it of every admin account.
 */
import { useState } from 'react'
import { Button, Descriptions, Form, Input, Space, Switch, Tag } from 'antd'
import { Card } from '../../../components/Card'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useRecord } from '../../../lib/query'
import { holdsEverything, useSession } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import {
  confirmTwoFactor,
  disableTwoFactor,
  enrolTwoFactor,
  getTwoFactorSetting,
  getTwoFactorStatus,
  setTwoFactorSetting,
} from '../api/two-factor'
import { TwoFactorEnrolSteps } from '../../../components/TwoFactorEnrolSteps'

export default function TwoFactorScreen() {
  const user = useSession((s) => s.user)
  const isMain = holdsEverything(user)
  const [version, setVersion] = useState(0)
  const status = useRecord(['two-factor', 'status', version], getTwoFactorStatus)
  const setting = useRecord(isMain ? ['two-factor', 'setting', version] : null, getTwoFactorSetting)
  const [enrolling, setEnrolling] = useState(false)
  const [asking, setAsking] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const reload = () => setVersion((v) => v + 1)

  const s = status.value
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card title="Two-factor sign-in" loading={status.loading}>
        {s && (
          <Descriptions column={1}>
            <Descriptions.Item label="Status">
              {s.enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}
              {s.required && <Tag color="blue">Required</Tag>}
            </Descriptions.Item>
            {s.enabled && <Descriptions.Item label="Recovery codes left">{s.recoveryCodesLeft}</Descriptions.Item>}
          </Descriptions>
        )}
        {s && !s.enabled && !enrolling && (
          <Button type="primary" onClick={() => setEnrolling(true)}>
            Set up two-factor sign-in
          </Button>
        )}
        {enrolling && (
          <TwoFactorEnrolSteps
            begin={async () => (await enrolTwoFactor()).data}
            confirm={async (code) => {
              const res = await confirmTwoFactor(code)
              toast.success(res.message)
              return res.data.recoveryCodes
            }}
            onDone={() => {
              setEnrolling(false)
              reload()
            }}
          />
        )}
        {s?.enabled && !s.required && (
          <Form<{ code: string }>
            layout="inline"
            onFinish={async ({ code }) => {
              setBusy(true)
              try {
                const res = await disableTwoFactor(code.trim())
                toast.success(res.message)
                reload()
              } catch {
                // The request client has shown the server's message.
              } finally {
                setBusy(false)
              }
            }}
          >
            <Form.Item
              name="code"
              label="Verification code"
              rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: 'Enter the 6-digit code' }]}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <Button danger htmlType="submit" loading={busy}>
              Turn off
            </Button>
          </Form>
        )}
      </Card>
      {isMain && setting.value && (
        <Card title="Every admin account">
          <Space>
            <Switch
              aria-label="Require for every admin account"
              checked={setting.value.required}
              onChange={(next) => setAsking(next)}
            />
            Require for every admin account
          </Space>
        </Card>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? 'Require two-factor sign-in for every admin account?' : 'Stop requiring two-factor sign-in?'}
        text={asking ? 'Admins without it set it up at their next sign-in.' : 'Admins may then turn it off.'}
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          try {
            const res = await setTwoFactorSetting(Boolean(asking))
            toast.success(res.message)
            reload()
          } catch {
            // The request client has shown the server's message.
          } finally {
            setAsking(null)
          }
        }}
      />
    </Space>
  )
}
