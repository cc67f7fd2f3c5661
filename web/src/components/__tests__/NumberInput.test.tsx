import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { NumberInput, type NumberInputProps, type NumberInputValue } from '../NumberInput'

function Field({
  initial = null,
  onValue,
  ...props
}: NumberInputProps & { initial?: NumberInputValue; onValue?: (v: NumberInputValue) => void }) {
  const [value, setValue] = useState<NumberInputValue>(initial)
  return (
    <NumberInput
      aria-label="Amount"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next)
        onValue?.(next)
      }}
    />
  )
}

const input = () => screen.getByLabelText('Amount') as HTMLInputElement

describe('NumberInput', () => {
  it('formats a currency while typing and fills the decimals on blur', async () => {
    const onValue = vi.fn()
    render(<Field prefix="$" thousandSeparator decimalScale={2} fixedDecimalScale onValue={onValue} />)
    await userEvent.type(input(), '1234.5')
    expect(input().value).toBe('$1,234.5')
    expect(onValue).toHaveBeenLastCalledWith(1234.5)
    fireEvent.blur(input())
    expect(input().value).toBe('$1,234.50')
  })

  it('keeps the decimal separator while typing and limits the decimal scale', async () => {
    const onValue = vi.fn()
    render(<Field suffix="%" decimalScale={2} allowNegative={false} onValue={onValue} />)
    await userEvent.type(input(), '12.')
    expect(input().value).toBe('12.%')
    expect(onValue).toHaveBeenLastCalledWith(12)
    await userEvent.type(input(), '345')
    expect(onValue).toHaveBeenLastCalledWith(12.34)
  })

  it('shows a given value formatted, with other separators', () => {
    render(<Field initial={1234567.25} thousandSeparator="." decimalSeparator="," decimalScale={2} />)
    expect(input().value).toBe('1.234.567,25')
  })

  it('reports an empty input as null', async () => {
    const onValue = vi.fn()
    render(<Field initial={12} onValue={onValue} />)
    await userEvent.clear(input())
    expect(onValue).toHaveBeenLastCalledWith(null)
    expect(input().value).toBe('')
  })

  it('formats a pattern and reports the digits', async () => {
    const onValue = vi.fn()
    render(<Field format="(###) ###-####" onValue={onValue} />)
    await userEvent.type(input(), '5551234567999')
    expect(input().value).toBe('(555) 123-4567')
    expect(onValue).toHaveBeenLastCalledWith('5551234567')
  })

  it('shows a pattern value with its mask', () => {
    render(<Field initial="12" format="##-#######" mask="_" />)
    expect(input().value).toBe('12-_______')
  })

  it('refuses identical separators and a mask with digits', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<NumberInput thousandSeparator="," decimalSeparator="," />)).toThrow(/Decimal separator/)
    expect(() => render(<NumberInput format="##-###" mask="9" />)).toThrow(
      /Mask 9 should not contain numeric characters/,
    )
    quiet.mockRestore()
  })
})
