import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { ConfigProvider, theme } from 'antd'
// The ES module: 'antd/locale/en_US' is CommonJS, whose default the production build wraps
// (a spread of it loses every text).
import enUS from 'antd/es/locale/en_US'
import { addToastHost, prepareToasts, useToastsWanted } from '../lib/toast'
import { FOCUS_RING, THEME } from '../lib/theme'
import { whenIdle } from '../lib/idle'

/**
 * English texts, with the password eye named for what it does: antd calls it only 'Show' or
 * 'Hide' (its one use of these two texts), which says nothing out of context.
 */
const LOCALE = { ...enUS, global: { ...enUS.global, show: 'Show password', hide: 'Hide password' } }

// The focus ring and link colours of index.css, on the root: dialogs, menus and toasts render
// outside the app's element.
if (typeof document !== 'undefined') {
  const root = document.documentElement.style
  root.setProperty('--gc-focus-ring', FOCUS_RING)
  root.setProperty('--gc-link', THEME.token?.colorLink ?? FOCUS_RING)
  root.setProperty('--gc-link-hover', THEME.token?.colorLinkHover ?? FOCUS_RING)
}

/**
 * Where the toasts' context-aware instance lives (app/ToastHost.tsx). Its code (antd's
 * notification) is no part of the first load: it loads when the browser is first idle, or at
 * the first toast if that comes sooner; toasts asked meanwhile wait for it (lib/toast.ts).
 */
function ToastSlot() {
  const wanted = useToastsWanted()
  const [Host, setHost] = useState<ComponentType | null>(null)
  useEffect(() => addToastHost(), [])
  useEffect(() => whenIdle(prepareToasts), [])
  useEffect(() => {
    if (!wanted || Host) return
    let live = true
    import('./ToastHost').then(
      (m) => live && setHost(() => m.ToastHost),
      // Not loaded (offline): the next toast asks again; the waiting ones stay.
      () => {},
    )
    return () => {
      live = false
    }
  }, [wanted, Host])
  return Host ? <Host /> : null
}

/**
 * What antd's <App> gave the console, without the modal and message hooks it never used
 * (they pulled Modal, Skeleton and Message into the first load of every page): the themed
 * text of the page, and a context-aware notification instance handed to the toast helper.
 */
function ThemedRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken()
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
      <ToastSlot />
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
