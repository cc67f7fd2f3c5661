/**
 * Formatted number input (SPEC section 5), with the formatting of lib/number-format.ts:
 * - numeric mode: thousand and decimal separators, decimal scale, prefix ('$'), suffix ('%');
 *   the value is a number, or null when empty;
 * - pattern mode (`format`, e.g. '(###) ###-####'): the value is the string of digits.
 *
 * It refuses (throws) a configuration whose decimal and thousand separators are identical, or
 * whose mask contains a digit.
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react'
import { Input, type InputProps, type InputRef } from 'antd'
import {
  assertValidNumberFormat,
  caretAfterSignificant,
  formatNumberValue,
  formatNumericString,
  formatPattern,
  numericStringToNumber,
  patternDigits,
  significantBefore,
  toNumericString,
  type NumberFormatOptions,
} from '../lib/number-format'

export type NumberInputValue = number | string | null

export interface NumberInputProps
  extends NumberFormatOptions, Omit<InputProps, 'value' | 'onChange' | 'prefix' | 'suffix' | 'defaultValue'> {
  /** A number (numeric mode) or a string of digits (pattern mode). */
  value?: NumberInputValue
  onChange?: (value: NumberInputValue) => void
}

/** The prop value as the mode holds it: a number or null; or a string of digits. */
function normalizeValue(value: NumberInputValue | undefined, pattern: boolean): number | string | null {
  if (pattern) return value === null || value === undefined ? '' : String(value).replace(/\D/g, '')
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : null
}

/** The props that are formatting options (lib/number-format.ts), the rest going to the input. */
const FORMAT_KEYS = [
  'thousandSeparator',
  'decimalSeparator',
  'decimalScale',
  'fixedDecimalScale',
  'allowNegative',
  'prefix',
  'suffix',
  'format',
  'mask',
] as const satisfies ReadonlyArray<keyof NumberFormatOptions>

/**
 * The formatting options of the props: the same object while none of them changes (the text is
 * formatted again when it does), refused when invalid.
 */
function useFormatOptions(props: NumberFormatOptions): NumberFormatOptions {
  const next = Object.fromEntries(FORMAT_KEYS.map((key) => [key, props[key]])) as NumberFormatOptions
  const [kept, setKept] = useState(() => {
    assertValidNumberFormat(next)
    return next
  })
  if (FORMAT_KEYS.every((key) => Object.is(kept[key], next[key]))) return kept
  assertValidNumberFormat(next)
  setKept(next)
  return next
}

export function NumberInput({ value, onChange, onBlur, ...props }: NumberInputProps) {
  const options = useFormatOptions(props)
  const inputProps = Object.fromEntries(
    Object.entries(props).filter(([key]) => !(FORMAT_KEYS as readonly string[]).includes(key)),
  ) as InputProps
  const { format, mask, decimalScale, fixedDecimalScale } = options

  const pattern = format !== undefined
  const current = normalizeValue(value, pattern)
  const textOf = (v: number | string | null) =>
    pattern ? formatPattern(String(v ?? ''), format ?? '', mask) : formatNumberValue(v as number | null, options)

  // The text shown, and the value it stands for: typing keeps '12.' while the value is 12.
  const [shown, setShown] = useState(() => ({ value: current, text: textOf(current) }))
  const [shownOptions, setShownOptions] = useState(options)
  let text = shown.text
  if (!Object.is(shown.value, current) || shownOptions !== options) {
    text = textOf(current)
    setShown({ value: current, text })
    setShownOptions(options)
  }

  const inputRef = useRef<InputRef>(null)
  const caret = useRef<number | null>(null)
  useLayoutEffect(() => {
    const el = inputRef.current?.input
    if (caret.current === null || !el || document.activeElement !== el) return
    el.setSelectionRange(caret.current, caret.current)
    caret.current = null
  })

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value
    const count = significantBefore(raw, event.target.selectionStart ?? raw.length, options)
    let nextText: string
    let nextValue: number | string | null
    if (pattern) {
      nextValue = patternDigits(raw, format ?? '')
      nextText = formatPattern(nextValue, format ?? '', mask)
    } else {
      const numeric = toNumericString(raw, options)
      nextText = formatNumericString(numeric, options)
      nextValue = numericStringToNumber(numeric)
    }
    caret.current = caretAfterSignificant(nextText, count, options)
    setShown({ value: nextValue, text: nextText })
    if (!Object.is(nextValue, current)) onChange?.(nextValue)
  }

  return (
    <Input
      inputMode={pattern || decimalScale === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      {...inputProps}
      ref={inputRef}
      value={text}
      onChange={change}
      onBlur={(event) => {
        // A fixed decimal scale is filled in once typing is done: '12.5' -> '12.50'.
        if (!pattern && fixedDecimalScale) setShown({ value: current, text: textOf(current) })
        onBlur?.(event)
      }}
    />
  )
}
