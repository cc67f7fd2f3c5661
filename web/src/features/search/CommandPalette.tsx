/**
 * The command palette (issue 36): one text box that finds screens by title (the menu entries
 * the user may open, on the client, as one types) and records (GET /admin/search, 250 ms after
 * the last key, 2 characters or more; the request for an earlier text is cancelled and a late
 * answer never shows). Arrow Up and Down move through the results, Enter opens the one marked, Escape
 * closes and gives the focus back to where it was. A lazy chunk: the shell fetches it when the
 * browser is first idle, or at the first open.
 *
 * The text box is a combobox that owns a listbox of options grouped under headings; the focus
 * stays in the box (aria-activedescendant names the marked option), so the screen reader reads
 * each option as the arrows reach it, and a status line says what the list holds.
 */
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { Input, Modal, type InputRef } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { isCancel } from '../../lib/api-client'
import { useSession } from '../../lib/session'
import { useMediaQuery } from '../../lib/use-media-query'
import { PRIMARY, SECONDARY_TEXT } from '../../lib/theme'
import { searchEverywhere } from './api/search'
import type { SearchResults } from './types'
import {
  DEBOUNCE_MS,
  GROUP_TITLES,
  MIN_RECORD_CHARS,
  grouped,
  moved,
  recordOptions,
  screensMatching,
  unavailableKinds,
  unavailableNote,
  type PaletteOption,
} from './palette'

export interface CommandPaletteProps {
  open: boolean
  onClose: () => void
}

/** Below this width the palette takes the whole width (the shell's small layout). */
const SMALL = '(max-width: 767px)'

const heading: CSSProperties = {
  padding: '8px 12px 4px',
  fontSize: 12,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: 0.4,
  color: SECONDARY_TEXT,
}
const optionStyle = (active: boolean): CSSProperties => ({
  padding: '8px 12px',
  borderRadius: 6,
  cursor: 'pointer',
  background: active ? '#e8f3f0' : undefined,
  boxShadow: active ? `inset 3px 0 0 ${PRIMARY}` : undefined,
})
const subtitleStyle: CSSProperties = { fontSize: 12, color: SECONDARY_TEXT, overflowWrap: 'anywhere' }

/** What the BFF answered for the text `q`: its groups, or that it failed. */
interface Answer {
  q: string
  results?: SearchResults
  failed?: boolean
}

/**
 * The answer for `q` ('' asks nothing). A request for an earlier text is cancelled when the
 * text changes, and an answer is kept with its text, so a late one never passes for the text
 * shown.
 */
function useAnswer(q: string): Answer {
  const [answer, setAnswer] = useState<Answer>({ q: '' })
  useEffect(() => {
    if (!q) return
    const stop = new AbortController()
    searchEverywhere(q, stop.signal).then(
      (results) => !stop.signal.aborted && setAnswer({ q, results }),
      (error) => !stop.signal.aborted && !isCancel(error) && setAnswer({ q, failed: true }),
    )
    return () => stop.abort()
  }, [q])
  return answer
}

/** The text as typed, in characters (what the BFF counts). */
const length = (text: string) => [...text].length

export default function CommandPalette({ open, onClose }: CommandPaletteProps) {
  const user = useSession((s) => s.user)
  const navigate = useNavigate()
  const small = useMediaQuery(SMALL)
  const base = useId()
  const input = useRef<InputRef>(null)
  const [text, setText] = useState('')
  const [debounced, setDebounced] = useState('')
  const [activeKey, setActiveKey] = useState<string | null>(null)

  const typed = text.trim()
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(typed), DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [typed])
  const asked = length(debounced) >= MIN_RECORD_CHARS ? debounced : ''
  const answer = useAnswer(open ? asked : '')
  // Only the answer for what the box holds now is shown.
  const current = asked !== '' && asked === typed && answer.q === asked
  const results = current ? answer.results : undefined

  const options = useMemo(
    () => [...screensMatching(user, typed), ...recordOptions(user, results)],
    [user, typed, results],
  )
  const active = options.find((o) => o.key === activeKey) ?? options[0]
  const optionId = (o: PaletteOption) => `${base}-option-${options.indexOf(o)}`
  const listId = `${base}-results`

  const activeId = active ? optionId(active) : undefined
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' })
  }, [activeId])

  const go = (o: PaletteOption) => {
    onClose()
    navigate(o.path)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setActiveKey(moved(options, active?.key ?? null, e.key === 'ArrowDown' ? 1 : -1))
    } else if (e.key === 'Enter' && active) {
      e.preventDefault()
      go(active)
    }
  }

  const status =
    length(typed) < MIN_RECORD_CHARS
      ? 'Type at least 2 characters'
      : !current
        ? 'Searching…'
        : answer.failed
          ? 'Records could not be searched right now.'
          : options.length === 0
            ? 'No results'
            : `${options.length} ${options.length === 1 ? 'result' : 'results'}`
  const note = current ? unavailableNote(unavailableKinds(results)) : ''

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title="Search everywhere"
      width={small ? '100%' : 640}
      style={small ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : { top: 72 }}
      destroyOnHidden
      afterOpenChange={(shown) => shown && input.current?.focus()}
    >
      <Input
        ref={input}
        autoFocus
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Nonprofits, donors, transactions, screens…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label="Search everywhere"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-autocomplete="list"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
      />
      <div
        role="listbox"
        id={listId}
        aria-label="Results"
        hidden={options.length === 0}
        style={{ maxHeight: small ? 'calc(100vh - 220px)' : 420, overflowY: 'auto', marginTop: 8 }}
      >
        {grouped(options).map(({ group, options: items }) => (
          <div role="group" key={group} aria-labelledby={`${base}-${group}`}>
            <div role="presentation" id={`${base}-${group}`} style={heading}>
              {GROUP_TITLES[group]}
            </div>
            {items.map((o) => (
              <div
                role="option"
                key={o.key}
                id={optionId(o)}
                aria-selected={o.key === active?.key}
                style={optionStyle(o.key === active?.key)}
                // The focus stays in the text box.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => o.key !== active?.key && setActiveKey(o.key)}
                onClick={() => go(o)}
              >
                <div>{o.title}</div>
                {o.subtitle && <div style={subtitleStyle}>{o.subtitle}</div>}
              </div>
            ))}
          </div>
        ))}
      </div>
      <div role="status" style={{ ...subtitleStyle, padding: '8px 12px 0' }}>
        {status}
        {note && <div>{note}</div>}
      </div>
    </Modal>
  )
}
