/** Nonprofit categories as the BFF returns them (bff/API.md, module /master/charity_category_management). */
import type { components } from '../../api/schema'

/** A category: the BFF's `TermView`, generated from its OpenAPI document (createdAt in epoch milliseconds). */
export type CategoryRow = components['schemas']['TermView']

/** The fixed placeholder description sent when a category is created (SPEC section 3). */
export const CATEGORY_DESCRIPTION = 'Nonprofit category'
