import { describe, expect, it } from 'vitest'
import { centsToDollars, dollarsToCents, ruleText, thresholdOf, THRESHOLD_MESSAGE } from '../rules'

describe('badge rules', () => {
  it('says a rule in words', () => {
    expect(ruleText('totalGiven', 100000)).toBe('Total given at least $1,000.00')
    expect(ruleText('donations', 1)).toBe('1 donation')
    expect(ruleText('monthsSubscribed', 12)).toBe('12 months subscribed')
  })

  it('turns dollars into cents without floating point', () => {
    expect(dollarsToCents('0.29')).toBe(29)
    expect(dollarsToCents('1,000')).toBe(100000)
    expect(dollarsToCents('19.9')).toBe(1990)
    expect(dollarsToCents('1.005')).toBeNull()
    expect(dollarsToCents('-1')).toBeNull()
    expect(centsToDollars(100050)).toBe('1000.50')
  })

  it('checks the threshold by rule', () => {
    expect(thresholdOf('donations', '0')).toBe(THRESHOLD_MESSAGE)
    expect(thresholdOf('monthsSubscribed', '12')).toBe(12)
    expect(typeof thresholdOf('totalGiven', '0')).toBe('string')
    expect(thresholdOf('totalGiven', '10.25')).toBe(1025)
  })
})
