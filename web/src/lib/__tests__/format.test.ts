import { describe, expect, it } from 'vitest'
import {
  formatBasisPoints,
  formatCents,
  formatCurrency,
  formatName,
  formatDate,
  formatNumber,
  formatPercent,
  formatPhone,
  formatSplitAfterTwo,
  formatTaxId,
  formatTime,
  formatZip,
} from '../format'

describe('formatters', () => {
  const at = new Date(2024, 2, 5, 15, 7) // Mar 5 2024, 15:07 local time

  it('time as hh:mm A', () => {
    expect(formatTime(at)).toBe('03:07 PM')
    expect(formatTime(null)).toBe('')
  })

  it("date as 'MMM D YYYY,h:mm a' from a Date, epoch milliseconds or text", () => {
    expect(formatDate(at)).toBe('Mar 5 2024,3:07 pm')
    expect(formatDate(at.getTime())).toBe('Mar 5 2024,3:07 pm')
    expect(formatDate(new Date(2024, 11, 25, 9, 5).toISOString())).toBe('Dec 25 2024,9:05 am')
    expect(formatDate(undefined)).toBe('')
    expect(formatDate('not a date')).toBe('')
    // The BFF sends 0 for a time that is not set (refundedAt, nextChargeAt, verifiedAt...).
    expect(formatDate(0)).toBe('')
  })

  it('numbers with thousands commas, two decimals only when fractional', () => {
    expect(formatNumber(1234567)).toBe('1,234,567')
    expect(formatNumber(1234.5)).toBe('1,234.50')
    expect(formatNumber(0.125)).toBe('0.13')
    expect(formatNumber('2500')).toBe('2,500')
    expect(formatNumber(0)).toBe('0')
    expect(formatNumber(null)).toBe('')
    expect(formatNumber('abc')).toBe('')
  })

  it('currency with a $ prefix', () => {
    expect(formatCurrency(1500)).toBe('$1,500')
    expect(formatCurrency(19.9)).toBe('$19.90')
    expect(formatCurrency(-5)).toBe('-$5')
  })

  it('percentages', () => {
    expect(formatPercent(2.9)).toBe('2.90%')
    expect(formatPercent(3)).toBe('3%')
  })

  it('phone (XXX) XXX-XXXX for ten digits, anything else unchanged', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567')
    expect(formatPhone(5551234567)).toBe('(555) 123-4567')
    expect(formatPhone('555-123-4567')).toBe('(555) 123-4567')
    expect(formatPhone('12345')).toBe('12345')
  })

  it('zip code: nine digits as XXXXX-XXXX, five digits as they are', () => {
    expect(formatZip('981011234')).toBe('98101-1234')
    expect(formatZip('98101-1234')).toBe('98101-1234')
    expect(formatZip('98101')).toBe('98101')
    expect(formatZip(null)).toBe('')
    expect(formatPhone(undefined)).toBe('')
  })

  it('zip / EIN style split after two characters', () => {
    expect(formatSplitAfterTwo('123456789')).toBe('12-3456789')
    expect(formatSplitAfterTwo('12-3456789')).toBe('12-3456789')
    expect(formatSplitAfterTwo('12')).toBe('12')
  })

  it('Tax ID (EIN) as XX-XXXXXXX', () => {
    expect(formatTaxId('123456789')).toBe('12-3456789')
    expect(formatTaxId('12-3456789')).toBe('12-3456789')
    expect(formatTaxId(null)).toBe('')
  })
})

describe('formatCents', () => {
  it('writes integer cents as dollars with two decimals', () => {
    expect(formatCents(123450)).toBe('$1,234.50')
    expect(formatCents(5)).toBe('$0.05')
    expect(formatCents(0)).toBe('$0.00')
    expect(formatCents(100000000)).toBe('$1,000,000.00')
    expect(formatCents(-250)).toBe('-$2.50')
    expect(formatCents('9210')).toBe('$92.10')
  })

  it('answers nothing for a missing or fractional value', () => {
    expect(formatCents(null)).toBe('')
    expect(formatCents(undefined)).toBe('')
    expect(formatCents(1.5)).toBe('')
    expect(formatCents('abc')).toBe('')
  })
})

describe('formatBasisPoints', () => {
  it('writes basis points as a percent with two decimals', () => {
    expect(formatBasisPoints(290)).toBe('2.90 %')
    expect(formatBasisPoints(500)).toBe('5.00 %')
    expect(formatBasisPoints(5)).toBe('0.05 %')
    expect(formatBasisPoints(0)).toBe('0.00 %')
    expect(formatBasisPoints(null)).toBe('')
  })
})

describe('formatName', () => {
  it('writes a name in capitals only in title case', () => {
    expect(formatName('HOPE FOR KIDS INC')).toBe('Hope For Kids Inc')
    expect(formatName('ST. JUDE-CHILDRENS RESEARCH (USA) & FRIENDS')).toBe(
      'St. Jude-Childrens Research (Usa) & Friends',
    )
    expect(formatName('CAFÉ ÉCOLE')).toBe('Café École')
  })

  it('leaves a name with a small letter, or without letters, as it is', () => {
    expect(formatName('Hope for Kids USA')).toBe('Hope for Kids USA')
    expect(formatName('1234')).toBe('1234')
    expect(formatName('')).toBe('')
    expect(formatName(undefined)).toBe('')
  })
})
