import { useEffect, type ReactNode } from 'react'
import { App as AntApp, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import { registerToastInstance, TOAST_DURATION_SECONDS, TOAST_PLACEMENT } from '../lib/toast'

/** Hands antd's context-aware notification instance to the toast helper. */
function ToastBridge() {
  const { notification } = AntApp.useApp()
  useEffect(() => {
    registerToastInstance(notification)
    return () => registerToastInstance(null)
  }, [notification])
  return null
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#1f6f5c', borderRadius: 6 } }}>
      <AntApp
        notification={{ placement: TOAST_PLACEMENT, duration: TOAST_DURATION_SECONDS }}
        message={{ duration: TOAST_DURATION_SECONDS }}
      >
        <ToastBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  )
}
