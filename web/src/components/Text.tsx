import type { CSSProperties, HTMLAttributes, ReactNode } from 'react'
import { theme } from 'antd'
import type { GlobalToken } from 'antd'

type Tone = 'secondary' | 'success' | 'warning' | 'danger'

interface TextProps extends HTMLAttributes<HTMLElement> {
  type?: Tone
  strong?: boolean
  children?: ReactNode
}

function toneColor(token: GlobalToken, type: Tone | undefined): string | undefined {
  switch (type) {
    case 'secondary':
      return token.colorTextDescription
    case 'success':
      return token.colorSuccessText
    case 'warning':
      return token.colorWarningText
    case 'danger':
      return token.colorErrorText
    default:
      return undefined
  }
}

function useTextStyle(type: Tone | undefined, strong: boolean | undefined, style: CSSProperties | undefined) {
  const { token } = theme.useToken()
  return {
    color: toneColor(token, type),
    fontWeight: strong ? token.fontWeightStrong : undefined,
    wordBreak: 'break-word',
    ...style,
  } satisfies CSSProperties
}

/**
 * Text in the theme's colours, as antd's Typography.Text draws it (secondary, success, warning
 * and danger, strong). Typography brings its editable, copyable and ellipsis machinery to every
 * screen that imports it (about 7 kB brotli); the screens that copy or cut a text still use it.
 */
export function Text({ type, strong, style, children, ...rest }: TextProps) {
  const Tag = strong ? 'strong' : 'span'
  return (
    <Tag style={useTextStyle(type, strong, style)} {...rest}>
      {children}
    </Tag>
  )
}

/** A paragraph as antd's Typography.Paragraph draws it: Text's colours, 1em under it. */
export function Paragraph({ type, strong, style, children, ...rest }: TextProps) {
  const { token } = theme.useToken()
  return (
    <p
      style={useTextStyle(type, strong, { marginTop: 0, marginBottom: '1em', lineHeight: token.lineHeight, ...style })}
      {...rest}
    >
      {children}
    </p>
  )
}

/** A link in the theme's link colour, as antd's Typography.Link draws it. */
export function TextLink({
  style,
  children,
  ...rest
}: HTMLAttributes<HTMLAnchorElement> & {
  href: string
  target?: string
  rel?: string
}) {
  const { token } = theme.useToken()
  return (
    <a style={{ color: token.colorLink, ...style }} {...rest}>
      {children}
    </a>
  )
}
