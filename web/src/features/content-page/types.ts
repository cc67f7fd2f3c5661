/**
 * Content pages as the BFF returns them (generated from /api-docs/openapi.json; content-rest.md):
 * the homepage, the CMS pages (privacy policy, terms of use), about us, and the revisions every
 * save of them keeps. Times in epoch milliseconds.
 */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

/** The page a revision belongs to. */
export type PageKey = 'homepage' | 'privacy_policy' | 'terms_condition' | 'about_us' | 'giving_partner'

export type { Revision, RevisionFields, RevisionSummary } from '../../lib/revisions'

/** A featured nonprofit or cause, named from the catalogue. */
export type NamedRef = Schemas['FeaturedRef']

export type HowItWorksStep = Schemas['HomepageStep']

export type ImpactFigure = Schemas['ImpactFigure']

/** What the homepage editor sends (every field, as the form has it). */
export type HomepageInput = Required<Schemas['HomepageInput']>

export type Homepage = Schemas['Homepage']

export type CmsSlug = 'privacy_policy' | 'terms_condition'

export type CmsPage = Omit<Schemas['CmsPage'], 'slug'> & { slug: CmsSlug }

export type CmsInput = Required<Schemas['CmsInput']>

export type AboutUsInput = Required<Schemas['AboutUsInput']>

export type AboutUs = Schemas['AboutUs']
