/**
 * Reported posts as the BFF returns them (generated from /api-docs/openapi.json, module
 * /reporte_post): the post (null when the answer leaves it out), its community, the open
 * reports' count and the 5 newest reasons.
 */
import type { components } from '../../api/schema'

export type ReportReason = components['schemas']['Report']

export type ReportedPost = components['schemas']['ReportedPost']
