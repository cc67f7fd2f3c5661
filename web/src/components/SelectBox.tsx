/**
 * A row's (or a page's) selection box: the browser's own checkbox in the theme's colour, named
 * by `label` (Space toggles it, as any checkbox). Not antd's Checkbox: fetching it split antd's
 * shared code into more chunks and put the heaviest screens' first load over its budget
 * (scripts/bundle-size.mjs), for a box that looks the same.
 */
import { useEffect, useRef } from 'react'

export interface SelectBoxProps {
  label: string
  checked: boolean
  indeterminate?: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
}

export function SelectBox({ label, checked, indeterminate = false, disabled = false, onChange }: SelectBoxProps) {
  const box = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate
  }, [indeterminate])
  return (
    <input
      ref={box}
      type="checkbox"
      className="gc-select-box"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  )
}
