import { Button } from 'antd'
import { useLocation, useNavigate } from 'react-router'
import { Outcome } from '../components/Outcome'
import { canGoBack } from '../lib/navigation'
import { paths } from '../paths'

export const ERROR_FALLBACK_TEXT = 'Oops , Something is wrong ...'

/**
 * Shown when a screen fails to render or its code cannot be loaded: part of the first load (it
 * must show when chunks fail), so an Outcome rather than antd's Result.
 */
export function ErrorFallback() {
  const navigate = useNavigate()
  const { key } = useLocation()
  return (
    <Outcome
      status="warning"
      alert
      title={ERROR_FALLBACK_TEXT}
      extra={
        <>
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
        </>
      }
    />
  )
}
