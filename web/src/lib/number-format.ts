/**
 * Formatting and parsing of the formatted number input (SPEC section 5), as pure functions.
 *
 * Two modes:
 * - numeric: thousand separator, decimal separator, decimal scale, prefix ('$') and suffix ('%');
 *   the value is a number (or null when empty);
 * - pattern: a format where each '#' is a digit slot, e.g. '(###) ###-####' or '##-#######',
 *   with an optional mask character for the unfilled slots; the value is the string of digits.
 *
 * A configuration whose decimal and thousand separators are identical, or whose mask contains
 * a digit, is refused with a NumberFormatError.
 */

export interface NumberFormatOptions {
  /** Thousand separator; true means ','. None when absent or false. */
  thousandSeparator?: string | boolean
  /** Decimal separator, '.' by default. */
  decimalSeparator?: string
  /** Most digits after the decimal separator; 0 allows integers only. Unlimited when absent. */
  decimalScale?: number
  /** Shows exactly decimalScale digits when formatting a value. */
  fixedDecimalScale?: boolean
  /** Allows a leading minus sign (default true). */
  allowNegative?: boolean
  prefix?: string
  suffix?: string
  /** Pattern mode: '#' is a digit slot, every other character is shown as it is. */
  format?: string
  /** Pattern mode: the character shown in unfilled slots (must not be a digit). */
  mask?: string
}

export class NumberFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NumberFormatError'
  }
}

export const SLOT = '#'

export function thousandSeparatorOf(options: NumberFormatOptions): string {
  const t = options.thousandSeparator
  if (t === true) return ','
  return typeof t === 'string' ? t : ''
}

export function decimalSeparatorOf(options: NumberFormatOptions): string {
  return options.decimalSeparator ?? '.'
}

/** Throws a NumberFormatError for a configuration the input refuses. */
export function assertValidNumberFormat(options: NumberFormatOptions): void {
  const thousand = thousandSeparatorOf(options)
  const decimal = decimalSeparatorOf(options)
  if (decimal === '') throw new NumberFormatError('Decimal separator must not be empty')
  if (thousand !== '' && thousand === decimal) {
    throw new NumberFormatError(
      `Decimal separator can't be same as thousand separator (thousandSeparator: ${thousand}, decimalSeparator: ${decimal})`,
    )
  }
  if (options.mask !== undefined && /[0-9]/.test(options.mask)) {
    throw new NumberFormatError(`Mask ${options.mask} should not contain numeric characters`)
  }
  if (options.format !== undefined && !options.format.includes(SLOT)) {
    throw new NumberFormatError(`Format ${options.format} has no digit slot (${SLOT})`)
  }
  if (options.decimalScale !== undefined && (!Number.isInteger(options.decimalScale) || options.decimalScale < 0)) {
    throw new NumberFormatError('Decimal scale must be a whole number of at least 0')
  }
}

// ---- Numeric mode -------------------------------------------------------------

function stripAffixes(text: string, options: NumberFormatOptions): string {
  let rest = text
  const { prefix, suffix } = options
  if (prefix) {
    const at = rest.indexOf(prefix)
    if (at >= 0 && at <= 1) rest = rest.slice(0, at) + rest.slice(at + prefix.length)
  }
  if (suffix && rest.endsWith(suffix)) rest = rest.slice(0, rest.length - suffix.length)
  return rest
}

/**
 * The numeric string (with '.' as decimal point) of typed text: '$1,234.5' -> '1234.5'.
 * Keeps what typing needs on the way: '-', '12.' and '0.0' stay as they are.
 */
export function toNumericString(text: string, options: NumberFormatOptions = {}): string {
  const decimal = decimalSeparatorOf(options)
  const allowNegative = options.allowNegative !== false
  const rest = stripAffixes(text ?? '', options)
  const negative = allowNegative && /^\s*-/.test(rest)
  let integer = ''
  let fraction: string | null = null
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i]
    if (rest.startsWith(decimal, i) && fraction === null && options.decimalScale !== 0) {
      fraction = ''
      i += decimal.length - 1
    } else if (ch >= '0' && ch <= '9') {
      if (fraction === null) integer += ch
      else fraction += ch
    }
  }
  if (fraction !== null && options.decimalScale !== undefined) fraction = fraction.slice(0, options.decimalScale)
  // No leading zeros: '007' -> '7', '00.5' -> '0.5'.
  integer = integer.replace(/^0+(?=\d)/, '')
  if (fraction !== null && integer === '') integer = '0'
  const body = fraction === null ? integer : `${integer}.${fraction}`
  return negative ? `-${body}` : body
}

function groupThousands(integer: string, separator: string): string {
  if (!separator) return integer
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator)
}

/** Display text of a numeric string: '-1234.5' -> '-$1,234.5'. `pad` fills a fixed decimal scale. */
export function formatNumericString(numeric: string, options: NumberFormatOptions = {}, pad = false): string {
  if (numeric === '') return ''
  const negative = numeric.startsWith('-')
  const body = negative ? numeric.slice(1) : numeric
  const prefix = options.prefix ?? ''
  const suffix = options.suffix ?? ''
  if (body === '') return `-${prefix}`
  const dot = body.indexOf('.')
  const integer = dot < 0 ? body : body.slice(0, dot)
  let fraction = dot < 0 ? null : body.slice(dot + 1)
  const scale = options.decimalScale
  if (pad && options.fixedDecimalScale && scale !== undefined && scale > 0)
    fraction = (fraction ?? '').padEnd(scale, '0')
  const grouped = groupThousands(integer || '0', thousandSeparatorOf(options))
  const number = fraction === null ? grouped : `${grouped}${decimalSeparatorOf(options)}${fraction}`
  return `${negative ? '-' : ''}${prefix}${number}${suffix}`
}

/** The numeric string of a value: 1234.5 -> '1234.5'; with decimalScale 2 and fixed: '1234.50'. */
export function numberToNumericString(value: number | null | undefined, options: NumberFormatOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return ''
  const scale = options.decimalScale
  if (scale !== undefined) {
    const fixed = value.toFixed(scale)
    if (options.fixedDecimalScale || scale === 0) return fixed
    return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed
  }
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
}

/** The value of a numeric string: '' and '-' are null. */
export function numericStringToNumber(numeric: string): number | null {
  if (numeric === '' || numeric === '-' || numeric === '.' || numeric === '-.') return null
  const n = Number(numeric)
  return Number.isFinite(n) ? n : null
}

/** Display text of a value: 1234.5 -> '$1,234.50' (prefix '$', decimalScale 2, fixed). */
export function formatNumberValue(value: number | null | undefined, options: NumberFormatOptions = {}): string {
  return formatNumericString(numberToNumericString(value, options), options, true)
}

/** The value of typed text: '$1,234.50' -> 1234.5; '' -> null. */
export function parseNumberText(text: string, options: NumberFormatOptions = {}): number | null {
  return numericStringToNumber(toNumericString(text, options))
}

// ---- Pattern mode -------------------------------------------------------------

export function slotCount(format: string): number {
  return format.split(SLOT).length - 1
}

/** The literal text before the first slot, e.g. '(' of '(###) ###-####'. */
function leadingLiteral(format: string): string {
  return format.slice(0, Math.max(0, format.indexOf(SLOT)))
}

/**
 * The digits of typed text, at most one per slot: '(555) 123-4567' -> '5551234567'.
 * Digits of the literal text before the first slot (like '+1 ') are not counted.
 */
export function patternDigits(text: string, format: string): string {
  let rest = text ?? ''
  const lead = leadingLiteral(format)
  if (lead && /[0-9]/.test(lead) && rest.startsWith(lead)) rest = rest.slice(lead.length)
  return rest.replace(/\D/g, '').slice(0, slotCount(format))
}

/**
 * Display text of digits in a pattern. Without a mask the text stops after the last filled slot
 * ('555' -> '(555'); with a mask the unfilled slots show it ('555' -> '(555) ___-____').
 */
export function formatPattern(digits: string, format: string, mask?: string): string {
  const clean = (digits ?? '').replace(/\D/g, '').slice(0, slotCount(format))
  if (clean === '') return ''
  let out = ''
  let used = 0
  for (const ch of format) {
    if (ch === SLOT) {
      if (used < clean.length) {
        out += clean[used]
        used++
      } else if (mask !== undefined) {
        out += mask
      } else {
        break
      }
    } else {
      if (mask === undefined && used >= clean.length) break
      out += ch
    }
  }
  return out
}

// ---- Caret --------------------------------------------------------------------

/** Whether a character counts as typed content (digits; in numeric mode also '-' and the decimal separator). */
function isSignificant(ch: string, options: NumberFormatOptions): boolean {
  if (ch >= '0' && ch <= '9') return true
  if (options.format) return false
  return ch === '-' || ch === decimalSeparatorOf(options)
}

/** How many significant characters stand before a position of the text. */
export function significantBefore(text: string, position: number, options: NumberFormatOptions = {}): number {
  let start = 0
  const affix = options.format ? leadingLiteral(options.format) : (options.prefix ?? '')
  if (affix && text.startsWith(affix)) start = affix.length
  let count = 0
  for (let i = start; i < Math.min(position, text.length); i++) if (isSignificant(text[i], options)) count++
  return count
}

/** The position after the n-th significant character of formatted text (where the caret goes). */
export function caretAfterSignificant(formatted: string, count: number, options: NumberFormatOptions = {}): number {
  let start = 0
  const affix = options.format ? leadingLiteral(options.format) : (options.prefix ?? '')
  if (affix && formatted.startsWith(affix)) start = affix.length
  // A leading '-' stands before the prefix in numeric mode.
  if (!options.format && formatted.startsWith(`-${options.prefix ?? ''}`)) {
    if (count === 0) return 0
    start = 1 + (options.prefix ?? '').length
    count -= 1
  }
  if (count <= 0) return start
  let seen = 0
  for (let i = start; i < formatted.length; i++) {
    if (isSignificant(formatted[i], options)) {
      seen++
      if (seen === count) return i + 1
    }
  }
  const suffix = options.format ? '' : (options.suffix ?? '')
  return suffix && formatted.endsWith(suffix) ? formatted.length - suffix.length : formatted.length
}
