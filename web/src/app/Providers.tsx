import { useEffect, type ReactNode } from 'react'
import { App as AntApp, ConfigProvider } from 'antd'
// The ES module: 'antd/locale/en_US' is CommonJS, whose default the production build wraps
// (a spread of it loses every text).
import enUS from 'antd/es/locale/en_US'
import { registerToastInstance, TOAST_DURATION_SECONDS, TOAST_PLACEMENT } from '../lib/toast'

/**
 * English texts, with the password eye named for what it does: antd calls it only 'Show' or
 * 'Hide' (its one use of these two texts), which says nothing out of context.
 */
const LOCALE = { ...enUS, global: { ...enUS.global, show: 'Show password', hide: 'Hide password' } }

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
    <ConfigProvider locale={LOCALE} theme={{ token: { colorPrimary: '#1f6f5c', borderRadius: 6 } }}>
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
