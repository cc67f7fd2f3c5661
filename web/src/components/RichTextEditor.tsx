/**
 * The rich-text editor (SPEC sections 2, 5 and 9): an editable area with a small toolbar
 * (bold, italic, underline, bullet and numbered lists, link, unlink, undo, redo). The value is
 * sanitised HTML ('' when empty); links may only be http, https, mailto or tel.
 *
 * Undo history (lib/undo-history.ts): edits within 1000 ms merge into one step, at most 100
 * steps; Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo (Cmd on macOS). Formatting uses the
 * browser's editing commands; pasted and dropped content is sanitised first.
 */
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { Button, Flex, Input, Tooltip } from 'antd'
import { Text } from './Text'
import { LazyModal } from './LazyModal'
import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import { isAllowedLink, LINK_NOT_ALLOWED_MESSAGE, normalizeRichText, sanitizeHtml } from '../lib/rich-text'
import {
  canRedo,
  canUndo,
  createHistory,
  currentState,
  record,
  redo,
  resetHistory,
  undo,
  type UndoHistory,
} from '../lib/undo-history'

export const DEFAULT_EDITOR_HEIGHT = 300

export interface RichTextEditorProps {
  /** HTML. */
  value?: string
  onChange?: (html: string) => void
  /** Height of the editing area (number: pixels); 300px by default. */
  height?: number | string
  placeholder?: string
  disabled?: boolean
  /** Set by Form.Item: the label points at the editing area. */
  id?: string
  'aria-label'?: string
  /** Clock of the undo history (replaceable in tests). */
  now?: () => number
}

/** Runs a browser editing command; false where the browser (or jsdom) has none. */
function execute(command: string, argument?: string): boolean {
  if (typeof document.execCommand !== 'function') return false
  return document.execCommand(command, false, argument)
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

interface ToolProps {
  label: string
  icon: ReactNode
  onClick: () => void
  disabled?: boolean
}

function Tool({ label, icon, onClick, disabled }: ToolProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        icon={icon}
        disabled={disabled}
        // Keep the selection in the editing area.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  )
}

export function RichTextEditor({
  value,
  onChange,
  height = DEFAULT_EDITOR_HEIGHT,
  placeholder,
  disabled = false,
  id,
  'aria-label': ariaLabel,
  now = Date.now,
}: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null)
  // Filled from the value by the layout effect below.
  const history = useRef<UndoHistory>(createHistory())
  /** The value last reported or applied: a value prop equal to it is the editor's own. */
  const shown = useRef<string | null>(null)
  const savedRange = useRef<Range | null>(null)
  /** What the Undo and Redo buttons offer (the history itself lives in a ref). */
  const [steps, setSteps] = useState({ undo: false, redo: false })
  const keep = (next: UndoHistory) => {
    history.current = next
    setSteps({ undo: canUndo(next), redo: canRedo(next) })
  }
  const [empty, setEmpty] = useState(() => normalizeRichText(value) === '')
  const [linkOpen, setLinkOpen] = useState(false)
  const [linkUrl, setLinkUrl] = useState('')
  const [linkError, setLinkError] = useState<string | null>(null)

  // A value from outside (a loaded record, a reset form) replaces the content and the history.
  useLayoutEffect(() => {
    const el = area.current
    if (!el) return
    const normalized = normalizeRichText(value)
    if (shown.current === normalized) return
    const html = sanitizeHtml(value ?? '')
    el.innerHTML = html
    shown.current = normalized
    keep(resetHistory(history.current, html))
    setEmpty(normalized === '')
  }, [value])

  const report = useCallback(
    (html: string) => {
      const normalized = normalizeRichText(html)
      setEmpty(normalized === '')
      if (normalized === shown.current) return
      shown.current = normalized
      onChange?.(normalized)
    },
    [onChange],
  )

  /** Takes the content after an edit into the history and reports it. */
  const captured = (merge: boolean) => {
    const el = area.current
    if (!el) return
    const html = sanitizeHtml(el.innerHTML)
    keep(record(history.current, html, now(), { merge }))
    report(html)
  }

  const restore = (next: UndoHistory) => {
    const el = area.current
    if (!el || next === history.current) return
    keep(next)
    const html = currentState(next)
    el.innerHTML = html
    placeCaretAtEnd(el)
    report(html)
  }

  const onUndo = () => restore(undo(history.current))
  const onRedo = () => restore(redo(history.current))

  const command = (name: string, argument?: string) => {
    if (disabled) return
    area.current?.focus()
    execute(name, argument)
    captured(false)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return
    const key = event.key.toLowerCase()
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault()
      onUndo()
    } else if (key === 'y' || (key === 'z' && event.shiftKey)) {
      event.preventDefault()
      onRedo()
    }
  }

  const insertHtml = (html: string, text: string) => {
    if (!execute('insertHTML', html)) execute('insertText', text)
    captured(false)
  }

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault()
    const html = event.clipboardData.getData('text/html')
    const text = event.clipboardData.getData('text/plain')
    insertHtml(html ? sanitizeHtml(html) : escapeHtml(text).replace(/\n/g, '<br>'), text)
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    const text = event.dataTransfer.getData('text/plain')
    if (text) insertHtml(escapeHtml(text), text)
  }

  // ---- Links ------------------------------------------------------------

  const saveSelection = () => {
    const selection = window.getSelection()
    const el = area.current
    if (selection && selection.rangeCount > 0 && el && el.contains(selection.getRangeAt(0).commonAncestorContainer)) {
      savedRange.current = selection.getRangeAt(0).cloneRange()
    } else {
      savedRange.current = null
    }
  }

  const restoreSelection = () => {
    const range = savedRange.current
    const selection = window.getSelection()
    if (!range || !selection) return
    selection.removeAllRanges()
    selection.addRange(range)
  }

  const openLink = () => {
    if (disabled) return
    saveSelection()
    setLinkUrl('')
    setLinkError(null)
    setLinkOpen(true)
  }

  const insertLink = () => {
    const url = linkUrl.trim()
    if (!isAllowedLink(url)) {
      setLinkError(LINK_NOT_ALLOWED_MESSAGE)
      return
    }
    setLinkOpen(false)
    const el = area.current
    if (!el) return
    el.focus()
    restoreSelection()
    const range = savedRange.current
    if (range && !range.collapsed) {
      execute('createLink', url)
    } else {
      execute('insertHTML', `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)
    }
    savedRange.current = null
    captured(false)
  }

  const areaStyle: CSSProperties = {
    height: typeof height === 'number' ? `${height}px` : height,
    overflowY: 'auto',
    padding: '8px 12px',
    outline: 'none',
    cursor: disabled ? 'not-allowed' : 'text',
  }

  return (
    <div
      className="rich-text-editor"
      style={{
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        background: disabled ? 'rgba(0,0,0,0.04)' : '#fff',
      }}
    >
      <Flex
        role="toolbar"
        aria-label={ariaLabel ? `${ariaLabel} formatting` : 'Formatting'}
        gap={2}
        wrap
        style={{ borderBottom: '1px solid #f0f0f0', padding: 4 }}
      >
        <Tool label="Bold" icon={<BoldOutlined />} disabled={disabled} onClick={() => command('bold')} />
        <Tool label="Italic" icon={<ItalicOutlined />} disabled={disabled} onClick={() => command('italic')} />
        <Tool label="Underline" icon={<UnderlineOutlined />} disabled={disabled} onClick={() => command('underline')} />
        <Tool
          label="Bulleted list"
          icon={<UnorderedListOutlined />}
          disabled={disabled}
          onClick={() => command('insertUnorderedList')}
        />
        <Tool
          label="Numbered list"
          icon={<OrderedListOutlined />}
          disabled={disabled}
          onClick={() => command('insertOrderedList')}
        />
        <Tool label="Insert link" icon={<LinkOutlined />} disabled={disabled} onClick={openLink} />
        <Tool label="Remove link" icon={<DisconnectOutlined />} disabled={disabled} onClick={() => command('unlink')} />
        <Tool label="Undo" icon={<UndoOutlined />} disabled={disabled || !steps.undo} onClick={onUndo} />
        <Tool label="Redo" icon={<RedoOutlined />} disabled={disabled || !steps.redo} onClick={onRedo} />
      </Flex>
      <div style={{ position: 'relative' }}>
        {empty && placeholder && (
          <div
            aria-hidden
            style={{ position: 'absolute', top: 8, left: 12, color: 'rgba(0,0,0,0.35)', pointerEvents: 'none' }}
          >
            {placeholder}
          </div>
        )}
        <div
          ref={area}
          id={id}
          role="textbox"
          aria-multiline
          aria-label={ariaLabel}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          tabIndex={disabled ? -1 : 0}
          style={areaStyle}
          onInput={() => captured(true)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onDrop={onDrop}
        />
      </div>
      <LazyModal
        open={linkOpen}
        title="Insert link"
        okText="Insert"
        onOk={insertLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Input
          aria-label="Link URL"
          placeholder="https://, mailto: or tel:"
          autoFocus
          value={linkUrl}
          status={linkError ? 'error' : undefined}
          onChange={(e) => {
            setLinkUrl(e.target.value)
            setLinkError(null)
          }}
          onPressEnter={insertLink}
        />
        {linkError && (
          <Text type="danger" role="alert">
            {linkError}
          </Text>
        )}
      </LazyModal>
    </div>
  )
}

function placeCaretAtEnd(el: HTMLElement) {
  const selection = window.getSelection()
  if (!selection || document.activeElement !== el) return
  const range = document.createRange()
  range.selectNodeContents(el)
  range.collapse(false)
  selection.removeAllRanges()
  selection.addRange(range)
}
