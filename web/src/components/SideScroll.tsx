/**
 * The frame of a table wider than the screen (a list or the permission matrix on a phone):
 * while columns sit off to the right it says so above the table, and a press of the hint
 * scrolls there, so Status, Action or a checkbox is never hidden without a word. A box that
 * scrolls can be focused (a region named after the table), so the keyboard scrolls it too.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from 'antd'
import { ArrowRightOutlined } from '@ant-design/icons'

export const MORE_COLUMNS_LABEL = 'More columns'

/** The scrolling box of an antd table: its content, or its body under a fixed header. */
const SCROLLER = '.ant-table-content, .ant-table-body'

/** Whether the box is wider inside than it shows (a pixel of rounding aside). */
function scrolls(box: HTMLElement): boolean {
  return box.scrollWidth - box.clientWidth > 1
}

/** A box that scrolls takes the keyboard's focus, as a region named `label`; one that does not, gives it up. */
function focusableWhileScrolling(box: HTMLElement, label: string) {
  if (scrolls(box)) {
    if (box.tabIndex !== 0) box.tabIndex = 0
    box.setAttribute('role', 'region')
    box.setAttribute('aria-label', label)
  } else if (box.hasAttribute('tabindex')) {
    box.removeAttribute('tabindex')
    box.removeAttribute('role')
    box.removeAttribute('aria-label')
  }
}

/** Whether the box hides columns to its right (a pixel of rounding aside). */
function hidesColumnsRight(box: HTMLElement): boolean {
  return box.scrollWidth - box.clientWidth - box.scrollLeft > 1
}

export function SideScroll({ children, label = 'Table' }: { children: ReactNode; label?: string }) {
  const frame = useRef<HTMLDivElement>(null)
  const [more, setMore] = useState(false)

  // Measured when the table changes (rows arrive, columns change), scrolls or resizes.
  useEffect(() => {
    const root = frame.current
    if (!root) return
    let box: HTMLElement | null = null
    const update = () => {
      if (box) focusableWhileScrolling(box, label)
      setMore(box ? hidesColumnsRight(box) : false)
    }
    const resized = new ResizeObserver(update)
    const bind = () => {
      const next = root.querySelector<HTMLElement>(SCROLLER)
      if (next !== box) {
        box?.removeEventListener('scroll', update)
        next?.addEventListener('scroll', update, { passive: true })
        box = next
      }
      resized.disconnect()
      if (box) resized.observe(box)
      const table = box?.querySelector('table')
      if (table) resized.observe(table)
      update()
    }
    bind()
    const changed = new MutationObserver(bind)
    changed.observe(root, { childList: true, subtree: true })
    return () => {
      changed.disconnect()
      resized.disconnect()
      box?.removeEventListener('scroll', update)
    }
  }, [label])

  const scrollRight = () => {
    const box = frame.current?.querySelector<HTMLElement>(SCROLLER)
    box?.scrollBy({ left: Math.max(box.clientWidth * 0.8, 120), behavior: 'smooth' })
  }

  return (
    <div ref={frame}>
      {more && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 4 }}>
          <Button type="link" size="small" aria-label={MORE_COLUMNS_LABEL} onClick={scrollRight}>
            {MORE_COLUMNS_LABEL} <ArrowRightOutlined />
          </Button>
        </div>
      )}
      {children}
    </div>
  )
}
