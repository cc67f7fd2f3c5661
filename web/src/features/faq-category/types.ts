/** FAQ categories as the BFF returns them (generated; module /category). */
import type { components } from '../../api/schema'

/** A category with how many FAQs it holds (createdAt in epoch milliseconds). */
export type FaqCategory = components['schemas']['FaqCategory']

/** The fixed placeholder description sent when a category is created (SPEC section 3). */
export const FAQ_CATEGORY_DESCRIPTION = 'FAQ category'
