/**
 * A row's (or a page's) selection box: the browser's own checkbox in the theme's colour, named
 * by `label` (Space toggles it, as any checkbox). Not antd's Checkbox: fetching it split antd's
 * shared code into more chunks and put the heaviest screens' first load over its budget
 * (scripts/bundle-size.mjs), for a box that looks the same. With `shown`, the label is written
 * beside the box (a phone's selection bar, where no table head says what the box does).
 */
import { useEffect, useRef } from 'react'

export interface SelectBoxProps {
  label: string
  checked: boolean
  indeterminate?: boolean
  disabled?: boolean
  /** Writes the label beside the box, which then names it. */
  shown?: boolean
  onChange: (checked: boolean) => void
}

export function SelectBox({
  label,
  checked,
  indeterminate = false,
  disabled = false,
  shown = false,
  onChange,
}: SelectBoxProps) {
  const box = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate
  }, [indeterminate])
  const input = (
    <input
      ref={box}
      type="checkbox"
      className="gc-select-box"
      aria-label={shown ? undefined : label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  )
  if (!shown) return input
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
      {input}
      {label}
    </label>
  )
}
