/**
 * The header's way into search everywhere (issue 36): a button drawn as a search field, with
 * its shortcut, and the keys that open the palette from anywhere (Ctrl+K or Cmd+K; "/" outside
 * a text field). The palette is a lazy chunk (so every screen's first load keeps its budget):
 * fetched when the browser is first idle, or at the first open.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { Button } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { whenIdle } from '../../lib/idle'
import { SECONDARY_TEXT } from '../../lib/theme'
import { ARIA_SHORTCUTS, opensPalette, shortcutLabel } from './shortcuts'

const load = () => import('./CommandPalette')
const CommandPalette = lazy(load)

export interface PaletteLauncherProps {
  /** A small screen: the button shows its icon alone. */
  compact: boolean
}

export function PaletteLauncher({ compact }: PaletteLauncherProps) {
  const [open, setOpen] = useState(false)
  // How often it was opened: each opening starts empty (a new palette), and once opened it
  // stays mounted (closed) until the next, so that closing plays the dialog's animation.
  const [openings, setOpenings] = useState(0)
  const show = useCallback(() => {
    if (open) return
    setOpenings((n) => n + 1)
    setOpen(true)
  }, [open])
  const close = useCallback(() => setOpen(false), [])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!opensPalette(e)) return
      e.preventDefault()
      show()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [show])
  useEffect(() => whenIdle(() => void load().catch(() => {})), [])

  return (
    <>
      <Button
        onClick={show}
        icon={<SearchOutlined />}
        aria-label={compact ? 'Search' : undefined}
        aria-keyshortcuts={ARIA_SHORTCUTS}
        aria-haspopup="dialog"
        style={compact ? undefined : { width: 220, justifyContent: 'flex-start', color: SECONDARY_TEXT }}
      >
        {!compact && (
          <>
            <span style={{ flex: 1, textAlign: 'left' }}>Search</span>
            <kbd aria-hidden className="gc-kbd">
              {shortcutLabel()}
            </kbd>
          </>
        )}
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <CommandPalette key={openings} open={open} onClose={close} />
        </Suspense>
      )}
    </>
  )
}
