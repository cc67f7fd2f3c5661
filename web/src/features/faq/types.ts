/** FAQs as the BFF returns them (generated; module /category/FAQ). */
import type { components } from '../../api/schema'

/** Body of create and update/{id} (answer: rich text). */
export type FaqInput = Required<components['schemas']['FaqInput']>

export type Faq = components['schemas']['Faq']
