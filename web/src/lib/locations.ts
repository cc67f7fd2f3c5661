/**
 * Countries, states and cities (bff/API.md, Locations). The lists do not change while the
 * console runs, so each answer is kept; a failed call is asked again next time.
 */
import { apiClient, type ApiEnvelope } from './api-client'

export interface Place {
  id: number | string
  name: string
  code?: string
}

const cache = new Map<string, Promise<Place[]>>()

function cached(url: string): Promise<Place[]> {
  let found = cache.get(url)
  if (!found) {
    found = apiClient.get<ApiEnvelope<Place[]>>(url).then((res) => res.data.data ?? [])
    found.catch(() => cache.delete(url))
    cache.set(url, found)
  }
  return found
}

/** GET /v1/common/getAllCountry */
export function getCountries(): Promise<Place[]> {
  return cached('/v1/common/getAllCountry')
}

/** GET /v1/common/getAllState?countryId=ID */
export function getStates(countryId: number | string): Promise<Place[]> {
  return cached(`/v1/common/getAllState?countryId=${encodeURIComponent(String(countryId))}`)
}

/** GET /v1/common/getAllCities?stateId=ID */
export function getCities(stateId: number | string): Promise<Place[]> {
  return cached(`/v1/common/getAllCities?stateId=${encodeURIComponent(String(stateId))}`)
}

/** The place of a list with that name (case and surrounding spaces ignored). */
export function findPlaceByName(places: Place[], name: string | null | undefined): Place | undefined {
  const wanted = (name ?? '').trim().toLowerCase()
  if (!wanted) return undefined
  return places.find((p) => p.name.trim().toLowerCase() === wanted)
}

/** Forgets the kept lists (tests). */
export function clearLocationCache(): void {
  cache.clear()
}
