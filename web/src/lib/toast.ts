/**
 * Toasts (antd notifications, top right, 5 s). The app registers the context-aware
 * instance of antd's <App>; before that (or in unit tests) the static API is used.
 */
import { notification } from 'antd'
import type { NotificationInstance } from 'antd/es/notification/interface'

export const TOAST_DURATION_SECONDS = 5
export const TOAST_PLACEMENT = 'topRight' as const

notification.config({ placement: TOAST_PLACEMENT, duration: TOAST_DURATION_SECONDS })

let instance: NotificationInstance | null = null

export function registerToastInstance(next: NotificationInstance | null): void {
  instance = next
}

function api(): NotificationInstance {
  return instance ?? notification
}

type Kind = 'success' | 'error' | 'info' | 'warning'

/** `key` makes a repeated toast replace the shown one instead of stacking. */
function show(type: Kind, text: string, key?: string) {
  api()[type]({
    key,
    title: text,
    placement: TOAST_PLACEMENT,
    duration: TOAST_DURATION_SECONDS,
  })
}

export const toast = {
  success: (text: string, key?: string) => show('success', text, key),
  error: (text: string, key?: string) => show('error', text, key),
  info: (text: string, key?: string) => show('info', text, key),
  warning: (text: string, key?: string) => show('warning', text, key),
}
