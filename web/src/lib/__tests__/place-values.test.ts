import { describe, expect, it } from 'vitest'
import { NO_PLACE, placeBodyOf, placeValuesOf, trimmed } from '../place-values'

describe('place values', () => {
  it('fills the form from a saved place: empty names left unset, missing ids empty', () => {
    expect(placeValuesOf({ address: '1 Main St', country: 'United States', state: '', countryId: '233' })).toEqual({
      address: '1 Main St',
      country: 'United States',
      state: undefined,
      city: undefined,
      countryId: '233',
      stateId: '',
      cityId: '',
    })
  })

  it('sends the trimmed names, and an id only where its level is chosen', () => {
    expect(
      placeBodyOf({ address: ' 1 Main St ', country: 'United States', countryId: '233', stateId: '3956', cityId: '9' }),
    ).toEqual({
      address: '1 Main St',
      country: 'United States',
      state: '',
      city: '',
      countryId: '233',
      stateId: '',
      cityId: '',
    })
    expect(placeBodyOf({})).toEqual(NO_PLACE)
  })

  it('reads nothing as an empty text', () => {
    expect(trimmed(undefined)).toBe('')
    expect(trimmed(null)).toBe('')
    expect(trimmed(' 12345 ')).toBe('12345')
  })
})
