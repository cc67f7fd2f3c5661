import { describe, expect, it } from 'vitest'
import {
  assertValidNumberFormat,
  caretAfterSignificant,
  formatNumberValue,
  formatNumericString,
  formatPattern,
  NumberFormatError,
  numberToNumericString,
  parseNumberText,
  patternDigits,
  significantBefore,
  toNumericString,
  type NumberFormatOptions,
} from '../number-format'

const money: NumberFormatOptions = { thousandSeparator: true, decimalScale: 2, fixedDecimalScale: true, prefix: '$' }
const percent: NumberFormatOptions = { decimalScale: 2, suffix: '%', allowNegative: false }
const european: NumberFormatOptions = { thousandSeparator: '.', decimalSeparator: ',', decimalScale: 2 }

describe('configuration', () => {
  it('refuses identical decimal and thousand separators', () => {
    expect(() => assertValidNumberFormat({ thousandSeparator: '.', decimalSeparator: '.' })).toThrow(NumberFormatError)
    expect(() => assertValidNumberFormat({ thousandSeparator: true, decimalSeparator: ',' })).toThrow(
      /Decimal separator can't be same as thousand separator/,
    )
    expect(() => assertValidNumberFormat({ thousandSeparator: true })).not.toThrow()
    expect(() => assertValidNumberFormat(european)).not.toThrow()
  })

  it('refuses a mask containing digits', () => {
    expect(() => assertValidNumberFormat({ format: '##-#######', mask: '0' })).toThrow(
      /Mask 0 should not contain numeric characters/,
    )
    expect(() => assertValidNumberFormat({ format: '##-#######', mask: 'a1' })).toThrow(NumberFormatError)
    expect(() => assertValidNumberFormat({ format: '##-#######', mask: '_' })).not.toThrow()
  })

  it('refuses a pattern without slots and a bad decimal scale', () => {
    expect(() => assertValidNumberFormat({ format: '(...)' })).toThrow(NumberFormatError)
    expect(() => assertValidNumberFormat({ decimalScale: -1 })).toThrow(NumberFormatError)
    expect(() => assertValidNumberFormat({ decimalScale: 1.5 })).toThrow(NumberFormatError)
  })
})

describe('numeric mode', () => {
  it('formats values with separators, scale, prefix and suffix', () => {
    expect(formatNumberValue(1234567.891, money)).toBe('$1,234,567.89')
    expect(formatNumberValue(1234.5, money)).toBe('$1,234.50')
    expect(formatNumberValue(-1234.5, money)).toBe('-$1,234.50')
    expect(formatNumberValue(0, money)).toBe('$0.00')
    expect(formatNumberValue(2.5, percent)).toBe('2.5%')
    expect(formatNumberValue(1234567.5, european)).toBe('1.234.567,5')
    expect(formatNumberValue(1234, { thousandSeparator: ' ' })).toBe('1 234')
    expect(formatNumberValue(null, money)).toBe('')
    expect(formatNumberValue(Number.NaN, money)).toBe('')
    expect(formatNumberValue(1e21, {})).toBe('1000000000000000000000')
  })

  it('reads typed text back to a value', () => {
    expect(parseNumberText('$1,234.50', money)).toBe(1234.5)
    expect(parseNumberText('-$1,234.50', money)).toBe(-1234.5)
    expect(parseNumberText('12.5%', percent)).toBe(12.5)
    expect(parseNumberText('-12.5%', percent)).toBe(12.5)
    expect(parseNumberText('1.234,56', european)).toBe(1234.56)
    expect(parseNumberText('', money)).toBeNull()
    expect(parseNumberText('$', money)).toBeNull()
    expect(parseNumberText('abc', money)).toBeNull()
  })

  it('keeps the states typing passes through', () => {
    expect(toNumericString('12.', money)).toBe('12.')
    expect(formatNumericString('12.', money)).toBe('$12.')
    expect(toNumericString('-', money)).toBe('-')
    expect(formatNumericString('-', money)).toBe('-$')
    expect(toNumericString('.5', money)).toBe('0.5')
    expect(toNumericString('007', money)).toBe('7')
    expect(toNumericString('1.239', money)).toBe('1.23')
    expect(toNumericString('1.2.3', money)).toBe('1.23')
    expect(toNumericString('12.5', { decimalScale: 0 })).toBe('125')
    expect(toNumericString('$1,2345', money)).toBe('12345')
    expect(formatNumericString('12345', money)).toBe('$12,345')
    expect(formatNumericString('12.5', money, true)).toBe('$12.50')
  })

  it('turns values into numeric strings', () => {
    expect(numberToNumericString(1.005, { decimalScale: 2 })).toBe('1') // binary rounding of toFixed, as the browser does
    expect(numberToNumericString(1.5, { decimalScale: 2 })).toBe('1.5')
    expect(numberToNumericString(1.5, { decimalScale: 2, fixedDecimalScale: true })).toBe('1.50')
    expect(numberToNumericString(1.6, { decimalScale: 0 })).toBe('2')
    expect(numberToNumericString(0.1 + 0.2, {})).toBe('0.30000000000000004')
  })
})

describe('pattern mode', () => {
  const phone = '(###) ###-####'
  const ein = '##-#######'

  it('formats digits, stopping after the last filled slot', () => {
    expect(formatPattern('5551234567', phone)).toBe('(555) 123-4567')
    expect(formatPattern('555', phone)).toBe('(555')
    expect(formatPattern('5551', phone)).toBe('(555) 1')
    expect(formatPattern('', phone)).toBe('')
    expect(formatPattern('123456789', ein)).toBe('12-3456789')
    expect(formatPattern('12', ein)).toBe('12')
    expect(formatPattern('123', ein)).toBe('12-3')
    expect(formatPattern('5551234567999', phone)).toBe('(555) 123-4567')
  })

  it('fills unfilled slots with the mask', () => {
    expect(formatPattern('555', phone, '_')).toBe('(555) ___-____')
    expect(formatPattern('', phone, '_')).toBe('')
  })

  it('reads the digits of typed text', () => {
    expect(patternDigits('(555) 123-4567', phone)).toBe('5551234567')
    expect(patternDigits('(555) 12_-____', phone)).toBe('55512')
    expect(patternDigits('12-3456789000', ein)).toBe('123456789')
    expect(patternDigits('+1 (555) 123', '+1 (###) ###-####')).toBe('555123')
  })
})

describe('caret', () => {
  it('counts significant characters and finds where they end in formatted text', () => {
    expect(significantBefore('$1,2345', 7, money)).toBe(5)
    expect(caretAfterSignificant('$12,345', 5, money)).toBe(7)
    expect(caretAfterSignificant('$12,345', 2, money)).toBe(3)
    expect(caretAfterSignificant('$12,345', 0, money)).toBe(1)
    expect(caretAfterSignificant('-$12,345', 3, money)).toBe(4)
    expect(caretAfterSignificant('12.5%', 4, percent)).toBe(4)
    const phone = { format: '(###) ###-####' }
    expect(significantBefore('(555) 1234', 10, phone)).toBe(7)
    expect(caretAfterSignificant('(555) 123-4', 7, phone)).toBe(11)
    expect(caretAfterSignificant('(555) 123-4', 3, phone)).toBe(4)
  })
})
