import type { ReactNode } from 'react'
import { theme } from 'antd'
import { Heading } from '../../../components/Heading'

/**
 * The card every public auth screen sits in. Drawn with the theme's tokens as antd's outlined
 * Card draws it, with headings and text as Typography draws them: antd's Card and Typography
 * bring their tabs, skeleton, menu and editing parts along, more than the sign-in page may load
 * (bundle budget, scripts/bundle-size.mjs).
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { token } = theme.useToken()
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        boxShadow: '0 8px 24px rgba(0,0,0,0.06)',
      }}
    >
      <Heading level={4} style={{ marginTop: 0 }}>
        {title}
      </Heading>
      {subtitle && <p style={{ color: token.colorTextDescription, marginTop: 0, marginBottom: '1em' }}>{subtitle}</p>}
      {children}
    </section>
  )
}
