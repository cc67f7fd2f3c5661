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

/**
 * The place of a list with that name, or else with that code ('OR' for Oregon, as the IRS
 * writes states); case and surrounding spaces ignored.
 */
export function findPlace(places: Place[], text: string | null | undefined): Place | undefined {
  const wanted = (text ?? '').trim().toLowerCase()
  if (!wanted) return undefined
  const same = (value: string | undefined) => (value ?? '').trim().toLowerCase() === wanted
  return places.find((p) => same(p.name)) ?? places.find((p) => same(p.code))
}

export type PlaceLevel = 'country' | 'state' | 'city'

export interface LocationNames {
  country?: string
  state?: string
  city?: string
}

/**
 * Matches saved location texts (an imported nonprofit's IRS 'OR' and 'PORTLAND') to the lists,
 * level by level: each becomes the name of the place it stands for ('Oregon', 'Portland').
 * A text the list lacks is left out, and so is every level below it; `unlisted` keeps those
 * texts, so the form can say what it was. Rejects when a list cannot be loaded.
 */
export async function matchLocation(
  saved: LocationNames,
): Promise<{ names: LocationNames; unlisted: Partial<Record<PlaceLevel, string>> }> {
  const names: LocationNames = {}
  const unlisted: Partial<Record<PlaceLevel, string>> = {}
  // Each list after the first is that of the place matched a level above.
  const levels: Array<[PlaceLevel, (parent: Place) => Promise<Place[]>]> = [
    ['country', () => getCountries()],
    ['state', (country) => getStates(country.id)],
    ['city', (state) => getCities(state.id)],
  ]
  let parent: Place = { id: '', name: '' }
  let lost = false
  for (const [level, list] of levels) {
    const text = saved[level]?.trim()
    if (!text) {
      lost = true
      continue
    }
    const found: Place | undefined = lost ? undefined : findPlace(await list(parent), text)
    if (found) {
      names[level] = found.name
      parent = found
    } else {
      unlisted[level] = text
      lost = true
    }
  }
  return { names, unlisted }
}

/** Forgets the kept lists (tests). */
export function clearLocationCache(): void {
  cache.clear()
}
