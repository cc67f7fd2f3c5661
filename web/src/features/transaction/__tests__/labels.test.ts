import { describe, expect, it } from 'vitest'
import { paymentMethodLabel } from '../../../lib/transaction-labels'

describe('payment method labels', () => {
  it('names every method the giving service records as people write it', () => {
    expect(['card', 'ach', 'paypal', 'apple_pay', 'google_pay'].map(paymentMethodLabel)).toEqual([
      'Card',
      'ACH bank transfer',
      'PayPal',
      'Apple Pay',
      'Google Pay',
    ])
  })

  it('writes an unknown code as words and nothing for none', () => {
    expect(paymentMethodLabel('bank_account')).toBe('Bank account')
    expect(paymentMethodLabel(null)).toBe('')
  })
})
