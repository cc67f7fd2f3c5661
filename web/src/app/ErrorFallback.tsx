import { Button, theme } from 'antd'
import { WarningFilled } from '@ant-design/icons'
import { useLocation, useNavigate } from 'react-router'
import { Heading } from '../components/Heading'
import { canGoBack } from '../lib/navigation'
import { paths } from '../paths'

export const ERROR_FALLBACK_TEXT = 'Oops , Something is wrong ...'

/**
 * Shown when a screen fails to render or its code cannot be loaded. Laid out as antd's warning
 * Result, without it: the fallback is part of the first load (it must show when chunks fail),
 * and Result brings its large status illustrations along.
 */
export function ErrorFallback() {
  const navigate = useNavigate()
  const { key } = useLocation()
  const { token } = theme.useToken()
  return (
    <div role="alert" style={{ padding: `${token.paddingXL * 1.5}px ${token.paddingXL}px`, textAlign: 'center' }}>
      <WarningFilled style={{ fontSize: 72, color: token.colorWarning, marginBottom: token.marginLG }} />
      <Heading level={3} style={{ fontWeight: 'normal', margin: 0 }}>
        {ERROR_FALLBACK_TEXT}
      </Heading>
      {/* As antd's <Space> lays its items out (inline, centred, a small gap), without its code in the first load. */}
      <div style={{ display: 'inline-flex', alignItems: 'center', gap: token.paddingXS, marginTop: token.marginLG }}>
        <Button type="primary" onClick={() => window.location.reload()}>
          Please Refresh
        </Button>
        <Button
          onClick={() => {
            if (canGoBack(key)) navigate(-1)
            else navigate(paths.home(), { replace: true })
          }}
        >
          Go Back
        </Button>
      </div>
    </div>
  )
}
