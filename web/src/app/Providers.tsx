import { useEffect, type ReactNode } from 'react'
import { ConfigProvider, notification, theme } from 'antd'
// The ES module: 'antd/locale/en_US' is CommonJS, whose default the production build wraps
// (a spread of it loses every text).
import enUS from 'antd/es/locale/en_US'
import { registerToastInstance, TOAST_DURATION_SECONDS, TOAST_PLACEMENT, TOAST_TOP } from '../lib/toast'
import { FOCUS_RING, THEME } from '../lib/theme'

/**
 * English texts, with the password eye named for what it does: antd calls it only 'Show' or
 * 'Hide' (its one use of these two texts), which says nothing out of context.
 */
const LOCALE = { ...enUS, global: { ...enUS.global, show: 'Show password', hide: 'Hide password' } }

// The focus ring of index.css, on the root: dialogs, menus and toasts render outside the app's element.
if (typeof document !== 'undefined') document.documentElement.style.setProperty('--gc-focus-ring', FOCUS_RING)

/**
 * What antd's <App> gave the console, without the modal and message hooks it never used
 * (they pulled Modal, Skeleton and Message into the first load of every page): the themed
 * text of the page, and a context-aware notification instance handed to the toast helper.
 */
function ThemedRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken()
  const [api, holder] = notification.useNotification({
    placement: TOAST_PLACEMENT,
    duration: TOAST_DURATION_SECONDS,
    top: TOAST_TOP,
  })
  useEffect(() => {
    registerToastInstance(api)
    return () => registerToastInstance(null)
  }, [api])
  return (
    <div
      className="gc-app"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {holder}
      {children}
    </div>
  )
}

export function Providers({ children }: { children: ReactNode }) {
  // Server state (TanStack Query) is provided by the protected shell: app/ServerState.tsx.
  return (
    <ConfigProvider locale={LOCALE} theme={THEME}>
      <ThemedRoot>{children}</ThemedRoot>
    </ConfigProvider>
  )
}
