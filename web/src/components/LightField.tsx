import { useId, type CSSProperties, type ReactNode } from 'react'
import { theme } from 'antd'

/** What the input of a LightField takes so that its label, state and message are tied to it. */
export interface LightInputProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
  status?: 'error'
}

/**
 * One labelled field of a light form (useLightForm.ts: the sign-in page's) with its message
 * under it, drawn as antd's vertical Form.Item draws one (label above, the error in the theme's
 * error colour, announced as an alert). `help` replaces the message (a server's word on the
 * field, with a link); both mark the input invalid.
 */
export function LightField({
  label,
  error,
  help,
  input,
}: {
  label: string
  error?: string
  help?: ReactNode
  input: (props: LightInputProps) => ReactNode
}) {
  const { token } = theme.useToken()
  const id = useId()
  const message = help ?? error
  const messageId = `${id}-message`
  const explain: CSSProperties = {
    color: token.colorError,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    minHeight: token.controlHeightSM,
  }
  return (
    <div style={{ marginBottom: message ? 0 : token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS, lineHeight: token.lineHeight }}>
        <label htmlFor={id} style={{ color: token.colorText, fontSize: token.fontSize }}>
          {label}
        </label>
      </div>
      {input({
        id,
        'aria-invalid': Boolean(message),
        'aria-describedby': message ? messageId : undefined,
        status: message ? 'error' : undefined,
      })}
      {message && (
        <div id={messageId} role="alert" data-field-error="" style={explain}>
          {message}
        </div>
      )}
    </div>
  )
}
