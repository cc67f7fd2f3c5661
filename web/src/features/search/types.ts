/** Search everywhere's answer (GET /admin/search, generated from /api-docs/openapi.json). */
import type { components } from '../../api/schema'

/** Every group the caller may see: a kind, its records (at most 5), and whether its service answered. */
export type SearchResults = components['schemas']['SearchResults']
export type SearchGroup = components['schemas']['SearchGroup']
/** A record found: its id, a title and a subtitle. */
export type SearchItem = components['schemas']['SearchItem']
export type SearchKind = components['schemas']['SearchKind']
