import { describe, expect, it, vi } from 'vitest'
import { ApiError, ERR_BAD_REQUEST } from '../http'
import { applyFieldErrors, clearEditedFieldErrors, fieldErrorsOf, fieldPathOf } from '../form-errors'

function failed(body: unknown): ApiError {
  const response = { data: body, status: 400, headers: new Headers() }
  return new ApiError('Request failed with status code 400', ERR_BAD_REQUEST, undefined, response)
}

describe('form errors', () => {
  it('reads field paths', () => {
    expect(fieldPathOf('taxId')).toEqual(['taxId'])
    expect(fieldPathOf('paymentMethods.0.routingNumber')).toEqual(['paymentMethods', 0, 'routingNumber'])
    expect(fieldPathOf('paymentMethods[1].accountNumber')).toEqual(['paymentMethods', 1, 'accountNumber'])
  })

  it('reads errors given as an object or as a list', () => {
    expect(fieldErrorsOf(failed({ message: 'x', errors: { taxId: 'Please enter valid Tax ID' } }))).toEqual([
      { name: ['taxId'], errors: ['Please enter valid Tax ID'] },
    ])
    expect(
      fieldErrorsOf(
        failed({ message: 'x', errors: [{ field: 'email', message: 'Please enter valid email address.' }] }),
      ),
    ).toEqual([{ name: ['email'], errors: ['Please enter valid email address.'] }])
    expect(fieldErrorsOf(failed({ message: 'x' }))).toEqual([])
    expect(fieldErrorsOf(new Error('plain'))).toEqual([])
  })

  it('sets them on the form, renaming fields when asked', () => {
    const form = { setFields: vi.fn() }
    const count = applyFieldErrors(
      form,
      failed({ errors: { logo: 'Please upload Logo', taxId: 'Tax ID already exists' } }),
      {
        logo: ['logoFiles'],
      },
    )
    expect(count).toBe(2)
    expect(form.setFields).toHaveBeenCalledWith([
      { name: ['logoFiles'], errors: ['Please upload Logo'] },
      { name: ['taxId'], errors: ['Tax ID already exists'] },
    ])
    expect(applyFieldErrors(form, failed({ message: 'no fields' }))).toBe(0)
    expect(form.setFields).toHaveBeenCalledTimes(1)
  })

  it('clears the error of each field the user edits, and only those', () => {
    const form = { setFields: vi.fn() }
    clearEditedFieldErrors(form)({ serviceCharge: '3.25' })
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'serviceCharge', errors: [] }])
  })
})
