/**
 * The context-aware notification instance of the console, handed to the toast helper: its
 * toasts carry the theme and locale of the app's ConfigProvider. Loaded on demand (lib/toast.ts).
 */
import { useEffect } from 'react'
import notification from 'antd/es/notification'
import { registerToastInstance, TOAST_DURATION_SECONDS, TOAST_PLACEMENT, TOAST_TOP } from '../lib/toast'

export function ToastHost() {
  const [api, holder] = notification.useNotification({
    placement: TOAST_PLACEMENT,
    duration: TOAST_DURATION_SECONDS,
    top: TOAST_TOP,
  })
  useEffect(() => {
    registerToastInstance(api)
    return () => registerToastInstance(null)
  }, [api])
  return holder
}
