/**
 * The frame of a table wider than the screen (a list or the permission matrix on a phone):
 * while columns sit off to the right it says so above the table, and a press of the hint
 * scrolls there, so Status, Action or a checkbox is never hidden without a word.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from 'antd'
import { ArrowRightOutlined } from '@ant-design/icons'

export const MORE_COLUMNS_LABEL = 'More columns'

/** The scrolling box of an antd table: its content, or its body under a fixed header. */
const SCROLLER = '.ant-table-content, .ant-table-body'

/** Whether the box hides columns to its right (a pixel of rounding aside). */
export function hidesColumnsRight(box: Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'scrollLeft'>): boolean {
  return box.scrollWidth - box.clientWidth - box.scrollLeft > 1
}

export function SideScroll({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null)
  const [more, setMore] = useState(false)

  // Measured after every render (rows arrive, columns change) and on scroll and resize.
  useEffect(() => {
    const box = frame.current?.querySelector<HTMLElement>(SCROLLER)
    if (!box) {
      setMore(false)
      return
    }
    const update = () => setMore(hidesColumnsRight(box))
    update()
    box.addEventListener('scroll', update, { passive: true })
    const resized = new ResizeObserver(update)
    resized.observe(box)
    const table = box.querySelector('table')
    if (table) resized.observe(table)
    return () => {
      box.removeEventListener('scroll', update)
      resized.disconnect()
    }
  })

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
