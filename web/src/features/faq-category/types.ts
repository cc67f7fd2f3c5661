/** FAQ categories as the BFF returns them (content-rest.md, module /category). */

export interface FaqCategory {
  _id: string
  name: string
  description: string
  /** Place among the categories (0, 1, 2…). */
  order: number
  /** How many FAQs it holds. */
  faqCount: number
  /** Epoch milliseconds. */
  createdAt: number
}

/** The fixed placeholder description sent when a category is created (SPEC section 3). */
export const FAQ_CATEGORY_DESCRIPTION = 'FAQ category'
