/**
 * Content pages as the BFF returns them (content-rest.md, issue 15): the homepage, the CMS pages
 * (privacy policy, terms of use), about us, and the revisions every save of them keeps.
 * Written from the contract until the generated schema names them.
 */

/** The page a revision belongs to. */
export type PageKey = 'homepage' | 'privacy_policy' | 'terms_condition' | 'about_us' | 'giving_partner'

/** One save of a page, as listed (newest first), without what was saved. */
export interface RevisionSummary {
  _id: string
  /** 1, 2, 3… per page. */
  number: number
  pageKey: PageKey
  authorId: string
  authorName: string
  /** Epoch milliseconds. */
  createdAt: number
  /** The revision it restores, or null for a save. */
  restoredFrom: number | null
}

/** One save of a page with the whole page as saved (the page's answer without its revision fields). */
export interface Revision<D = Record<string, unknown>> extends RevisionSummary {
  document: D
}

/** What every page answer carries about its current revision. */
export interface RevisionFields {
  /** The current revision's number (0 before the first save). */
  revision: number
  updatedAt?: number | null
  /** The author's name. */
  updatedBy?: string | null
}

export interface NamedRef {
  _id: string
  name: string
}

export interface HowItWorksStep {
  title: string
  description: string
}

export interface ImpactFigure {
  label: string
  value: string
}

export interface HomepageInput {
  heroTitle: string
  heroSubtitle: string
  bannerImages: string[]
  video: string
  featuredCharityIds: string[]
  featuredCauseIds: string[]
  ctaText: string
  ctaLink: string
  howItWorks: HowItWorksStep[]
  impactFigures: ImpactFigure[]
}

export interface Homepage extends HomepageInput, RevisionFields {
  _id: string
  featuredCharities: NamedRef[]
  featuredCauses: NamedRef[]
}

export type CmsSlug = 'privacy_policy' | 'terms_condition'

export interface CmsPage {
  _id: string
  slug: CmsSlug
  title: string
  content: string
  publishedAt?: number | null
  /** The name of who published it. */
  publishedBy?: string | null
  revision: number
}

export interface CmsInput {
  title: string
  content: string
}

export interface AboutUsInput {
  content: string
  images: string[]
}

export interface AboutUs extends AboutUsInput, RevisionFields {
  _id: string
}
