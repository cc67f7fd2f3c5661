/**
 * The address and place of a record's form (components/AddressFields.tsx, LocationFields.tsx):
 * the form's values of a saved record, and the create/update body's fields of the form's values.
 * A place level left empty sends no id (a saved id of a cleared level is not sent again).
 */

/** A value as text, trimmed ('' for none). */
export const trimmed = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim())

/** The place fields of a form (names; the hidden ids of the location lists). */
export interface PlaceFormValues {
  address: string
  country?: string
  state?: string
  city?: string
  countryId?: string
  stateId?: string
  cityId?: string
  zipCode: string
}

/** The place of a saved record, as the server sends it (any field may be missing). */
export interface SavedPlace {
  address?: string | null
  country?: string | null
  state?: string | null
  city?: string | null
  countryId?: string | null
  stateId?: string | null
  cityId?: string | null
}

/** The form's address and place of a saved record (the zip code is each form's own). */
export function placeValuesOf(saved: SavedPlace) {
  return {
    address: saved.address ?? '',
    country: saved.country || undefined,
    state: saved.state || undefined,
    city: saved.city || undefined,
    countryId: saved.countryId ?? '',
    stateId: saved.stateId ?? '',
    cityId: saved.cityId ?? '',
  }
}

/** The body's address and place of the form's values: trimmed, an id only where its level is chosen. */
export function placeBodyOf(values: Partial<PlaceFormValues>) {
  return {
    address: trimmed(values.address),
    country: trimmed(values.country),
    state: trimmed(values.state),
    city: trimmed(values.city),
    countryId: values.country ? trimmed(values.countryId) : '',
    stateId: values.state ? trimmed(values.stateId) : '',
    cityId: values.city ? trimmed(values.cityId) : '',
  }
}

/** The body's address and place when there is none (an online event). */
export const NO_PLACE: ReturnType<typeof placeBodyOf> = {
  address: '',
  country: '',
  state: '',
  city: '',
  countryId: '',
  stateId: '',
  cityId: '',
}
