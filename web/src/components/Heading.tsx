import type { CSSProperties, ReactNode } from 'react'
import { theme } from 'antd'

type Level = 1 | 2 | 3 | 4 | 5

/**
 * A heading styled as antd's Typography.Title of the same level, for the pages of the first
 * load (sign-in, the error fallback): Typography brings its editable, copyable and ellipsis
 * parts along, more than the sign-in page's bundle budget allows (scripts/bundle-size.mjs).
 */
export function Heading({ level, style, children }: { level: Level; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken()
  const Tag = `h${level}` as const
  return (
    <Tag
      style={{
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        marginBottom: '0.5em',
        ...style,
      }}
    >
      {children}
    </Tag>
  )
}
