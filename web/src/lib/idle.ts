/**
 * Work for when the browser is first idle after start (at most a few seconds later): code a
 * screen does not draw with but will likely need (the toasts' antd notification, the command
 * palette). Answers the cancel.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(task, 1000)
  return () => window.clearTimeout(id)
}
