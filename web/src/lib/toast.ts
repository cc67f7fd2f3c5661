/**
 * Toasts (antd notifications, top right below the shell's header, 5 s). The app registers the context-aware
 * instance of antd's notification (app/ToastHost.tsx); before that (or in unit tests) the static API is used.
 *
 * antd's notification code is not part of any route's first load: it is fetched when the browser
 * is first idle, or at the first toast if that comes sooner. A toast asked for before it is there
 * waits for it and is then shown, in order; none is lost (a chunk that failed to load is asked
 * again at the next toast).
 */
import { useSyncExternalStore, type ReactNode } from 'react'
import type { NotificationInstance } from 'antd/es/notification/interface'

export const TOAST_DURATION_SECONDS = 5
export const TOAST_PLACEMENT = 'topRight' as const
/** The shell's header (AppShell): its height, which toasts keep clear of. */
export const HEADER_HEIGHT = 64
/** Toasts start below the header (the account menu on desktop, the menu button on phone), not over it. */
export const TOAST_TOP = HEADER_HEIGHT + 8

type Kind = 'success' | 'error' | 'info' | 'warning'

interface Toast {
  type: Kind
  text: string
  key?: string
  /** Buttons under the text (a delete's Undo). */
  actions?: ReactNode
}

/** The context-aware instance of the app's ToastHost, once it is mounted. */
let instance: NotificationInstance | null = null
/** antd's static notification API, once its code is loaded. */
let staticApi: NotificationInstance | null = null
/** How many app roots render a toast host: toasts wait for its instance rather than use the static API. */
let hosts = 0
const waiting: Toast[] = []
let loading: Promise<void> | null = null

/** How often the notification code was asked for while no instance was there (0: not yet). */
let wanted = 0
const listeners = new Set<() => void>()

function deliver(): void {
  const api = instance ?? (hosts > 0 ? null : staticApi)
  if (!api) return
  for (const { type, text, key, actions } of waiting.splice(0)) {
    api[type]({ key, title: text, actions, placement: TOAST_PLACEMENT, duration: TOAST_DURATION_SECONDS })
  }
}

function loadStaticApi(): void {
  loading ??= import('antd/es/notification').then(
    ({ default: notification }) => {
      notification.config({ placement: TOAST_PLACEMENT, duration: TOAST_DURATION_SECONDS, top: TOAST_TOP })
      staticApi = notification
      deliver()
    },
    () => {
      loading = null
    },
  )
}

/** Fetches the notification code (the static API, and the app's toast host) unless it is there. */
export function prepareToasts(): void {
  if (instance) return
  wanted += 1
  for (const listener of listeners) listener()
  loadStaticApi()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** For the app's toast slot (app/Providers.tsx): how often toasts were asked for (0: not yet), to load its host. */
export function useToastsWanted(): number {
  return useSyncExternalStore(subscribe, () => wanted)
}

/** The app's toast slot is mounted (its cleanup: unmounted). */
export function addToastHost(): () => void {
  hosts += 1
  return () => {
    hosts -= 1
    deliver()
  }
}

export function registerToastInstance(next: NotificationInstance | null): void {
  instance = next
  deliver()
}

/** `key` makes a repeated toast replace the shown one instead of stacking. */
function show(type: Kind, text: string, key?: string, actions?: ReactNode) {
  waiting.push({ type, text, key, actions })
  if (instance || (hosts === 0 && staticApi)) deliver()
  else prepareToasts()
}

/** Closes the toast of `key` (one still waiting for the notification code is dropped). */
function close(key: string) {
  const index = waiting.findIndex((t) => t.key === key)
  if (index >= 0) waiting.splice(index, 1)
  ;(instance ?? staticApi)?.destroy(key)
}

export const toast = {
  success: (text: string, key?: string) => show('success', text, key),
  error: (text: string, key?: string) => show('error', text, key),
  info: (text: string, key?: string) => show('info', text, key),
  warning: (text: string, key?: string) => show('warning', text, key),
  /** A success toast with buttons under its text (`key` closes it: `toast.close(key)`). */
  successWith: (text: string, key: string, actions: ReactNode) => show('success', text, key, actions),
  close,
}
