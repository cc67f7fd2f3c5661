import type { ReactNode } from 'react'
import { theme } from 'antd'
import { CloseCircleFilled, StopOutlined, WarningFilled } from '@ant-design/icons'
import { Heading } from './Heading'

/** What the outcome is about: a failure, something missing, or a page the account may not open. */
export type OutcomeStatus = 'error' | 'warning' | 'forbidden'

/**
 * A screen-sized outcome (a load that failed, a page the account may not open, the error
 * fallback) laid out as antd's Result: the status icon, the title, a line under it and the
 * actions. antd's Result brings its 403/404/500 illustrations along (33 kB), more than the shell
 * and the first load may carry (bundle budgets, scripts/bundle-size.mjs).
 */
export function Outcome({
  status,
  title,
  subTitle,
  extra,
  alert = false,
}: {
  status: OutcomeStatus
  title: ReactNode
  subTitle?: ReactNode
  extra?: ReactNode
  /** Announce it when it appears (the error fallback replaces a screen without warning). */
  alert?: boolean
}) {
  const { token } = theme.useToken()
  const icon = { fontSize: 72, marginBottom: token.marginLG }
  return (
    <div
      role={alert ? 'alert' : undefined}
      data-outcome={status}
      style={{ padding: `${token.paddingXL * 1.5}px ${token.paddingXL}px`, textAlign: 'center' }}
    >
      {status === 'error' && <CloseCircleFilled aria-hidden style={{ ...icon, color: token.colorError }} />}
      {status === 'warning' && <WarningFilled aria-hidden style={{ ...icon, color: token.colorWarning }} />}
      {status === 'forbidden' && <StopOutlined aria-hidden style={{ ...icon, color: token.colorTextSecondary }} />}
      <Heading level={3} style={{ fontWeight: 'normal', margin: 0 }}>
        {title}
      </Heading>
      {subTitle && (
        <p style={{ color: token.colorTextSecondary, fontSize: token.fontSize, margin: `${token.marginXS}px 0 0` }}>
          {subTitle}
        </p>
      )}
      {/* As antd's <Space> lays its items out (inline, centred, a small gap). */}
      {extra && (
        <div style={{ display: 'inline-flex', alignItems: 'center', gap: token.paddingXS, marginTop: token.marginLG }}>
          {extra}
        </div>
      )}
    </div>
  )
}
