/** FAQs as the BFF returns them (content-rest.md, module /category/FAQ). */

/** Body of create and update/{id}. */
export interface FaqInput {
  categoryId: string
  question: string
  /** Rich text. */
  answer: string
  order: number
  isActive: boolean
}

export interface Faq extends FaqInput {
  _id: string
  categoryName: string
  /** Epoch milliseconds. */
  createdAt: number
  updatedAt: number
}
