/** Nonprofit categories as the BFF returns them (bff/API.md, module /master/charity_category_management). */

export interface CategoryRow {
  _id: string
  name: string
  description?: string
  isActive: boolean
  /** Epoch milliseconds. */
  createdAt: number
}

/** The fixed placeholder description sent when a category is created (SPEC section 3). */
export const CATEGORY_DESCRIPTION = 'Nonprofit category'
