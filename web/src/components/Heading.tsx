import type { CSSProperties, ReactNode } from 'react'
import { theme } from 'antd'

type Level = 1 | 2 | 3 | 4 | 5

/**
 * A heading styled as antd's Typography.Title of the same level, the console's one heading:
 * Typography brings its editable, copyable and ellipsis parts along, more than the sign-in
 * page's and every screen's bundle budget allows (scripts/bundle-size.mjs).
 */
export function Heading({
  level,
  as,
  style,
  children,
}: {
  level: Level
  /** Another element drawn as this level's heading (a fieldset's legend). */
  as?: 'legend'
  style?: CSSProperties
  children: ReactNode
}) {
  const { token } = theme.useToken()
  const Tag = as ?? (`h${level}` as const)
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
