import { Button, Result, Space } from 'antd'
import { useLocation, useNavigate } from 'react-router'
import { canGoBack } from '../lib/navigation'
import { paths } from '../paths'

export const ERROR_FALLBACK_TEXT = 'Oops , Something is wrong ...'

/** Shown when a screen fails to render or its code cannot be loaded. */
export function ErrorFallback() {
  const navigate = useNavigate()
  const { key } = useLocation()
  return (
    <Result
      status="warning"
      title={ERROR_FALLBACK_TEXT}
      extra={
        <Space>
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
        </Space>
      }
    />
  )
}
