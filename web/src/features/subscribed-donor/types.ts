/**
 * Rows of the subscribed and one-time donor lists (generated from /api-docs/openapi.json, module
 * /subscribed_donor): one per donor and recipient; `name` is the nonprofit or community given to,
 * `totalAmount` the same total in dollars as text ('1234.50').
 */
import type { components } from '../../api/schema'

export type DonorTotalsRow = components['schemas']['DonorTotalsRow']
