import type { CSSProperties, HTMLAttributes, ReactNode } from 'react'
import { Skeleton, theme } from 'antd'

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode
  /** The buttons at the head's end (they move under the title when both do not fit). */
  extra?: ReactNode
  size?: 'default' | 'small'
  /** A card inside a card: a tinted head. */
  type?: 'inner'
  /** The body shows a skeleton instead of its content (antd's Card's). */
  loading?: boolean
  /** The body's own style (a screen that lays out its body edge to edge). */
  styles?: { body?: CSSProperties }
}

/**
 * The console's card, drawn as antd's Card draws one (its border, radius, head and padding,
 * from the theme's tokens). antd's Card always brings Tabs with it (its tab list), about 12 kB
 * brotli on every screen the console has; none of them uses it. Screens with tabs put antd's Tabs inside the card. index.css wraps a long title.
 */
export function Card({ title, extra, size = 'default', type, loading, style, styles, children, ...rest }: CardProps) {
  const { token } = theme.useToken()
  const small = size === 'small'
  const padding = small ? token.paddingSM : token.paddingLG
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`
  const head: CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    minHeight: small ? 38 : 56,
    padding: `0 ${padding}px`,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: small ? token.fontSize : token.fontSizeLG,
    borderBottom: border,
    background: type === 'inner' ? token.colorFillAlter : undefined,
    borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
  }
  return (
    <div
      className="gc-card"
      style={{
        background: token.colorBgContainer,
        border,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        ...style,
      }}
      {...rest}
    >
      {(title || extra) && (
        <div className="gc-card-head" style={head}>
          {title && <div className="gc-card-title">{title}</div>}
          {extra && <div className="gc-card-extra">{extra}</div>}
        </div>
      )}
      <div style={{ padding, ...styles?.body }}>
        {loading ? <Skeleton active title={false} paragraph={{ rows: 4 }} /> : children}
      </div>
    </div>
  )
}
