/**
 * Toasts (antd notifications, top right below the shell's header, 5 s). The app registers the context-aware
 * instance of antd's <App>; before that (or in unit tests) the static API is used.
 */
import { notification } from 'antd'
import type { NotificationInstance } from 'antd/es/notification/interface'

export const TOAST_DURATION_SECONDS = 5
export const TOAST_PLACEMENT = 'topRight' as const
/** The shell's header (AppShell): its height, which toasts keep clear of. */
export const HEADER_HEIGHT = 64
/** Toasts start below the header (the account menu on desktop, the menu button on phone), not over it. */
export const TOAST_TOP = HEADER_HEIGHT + 8

notification.config({ placement: TOAST_PLACEMENT, duration: TOAST_DURATION_SECONDS, top: TOAST_TOP })

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
