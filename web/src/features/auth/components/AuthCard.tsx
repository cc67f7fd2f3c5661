import type { ReactNode } from 'react'
import { Card, Typography } from 'antd'

/** The card every public auth screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" style={{ boxShadow: '0 8px 24px rgba(0,0,0,0.06)' }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
      {children}
    </Card>
  )
}
