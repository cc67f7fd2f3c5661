/**
 * Typed view of the one table of console modules, `proto/modules.json`, shared with the
 * backend. Each module's slug is its route; `actions` is what a sub-admin can be granted.
 * Imported from the proto folder, never copied. Code names a module through `SLUGS`
 * (`can(SLUGS.subAdmin, 'edit')`), never by spelling its slug.
 */
import table from '../../../proto/modules.json'

export type Action = 'view' | 'add' | 'edit' | 'delete' | 'status'

export interface ModuleDef {
  slug: string
  title: string
  /** Parent menu group, or null for a top-level entry. */
  group: string | null
  actions: Action[]
  /**
   * The service that keeps the module's deleted records (issue 36), for a module whose deletes
   * go to the trash: its deletes can be undone, and the Trash screen lists them.
   */
  trash?: string
}

/** Every grantable action, in the order of the permission matrix header. */
export const ACTIONS = table.actions as Action[]

/** Menu groups, in display order. */
export const GROUPS: string[] = table.groups

export const MODULES: ModuleDef[] = table.modules.map((m) => ({
  slug: m.slug,
  title: m.title,
  group: m.group ?? null,
  actions: m.actions as Action[],
  ...('trash' in m && m.trash ? { trash: m.trash } : {}),
}))

const bySlug = new Map(MODULES.map((m) => [m.slug, m]))

export function findModule(slug: string): ModuleDef | undefined {
  return bySlug.get(slug)
}

/** The module of a slug; throws for a slug that is not in the table (a programming error). */
export function moduleOf(slug: string): ModuleDef {
  const found = bySlug.get(slug)
  if (!found) throw new Error(`Unknown module slug ${slug}`)
  return found
}

/** The modules whose deleted records wait in the trash, in the table's order. */
export const TRASH_MODULES: ModuleDef[] = MODULES.filter((m) => m.trash)

/** Whether a module's deletes go to the trash (and can be undone). */
export function hasTrash(slug: string): boolean {
  return Boolean(bySlug.get(slug)?.trash)
}

/**
 * The name code uses for each module of modules.json. A name whose slug is not in the table
 * fails at load; a test checks that every module of the table has a name.
 */
export const SLUGS = named({
  dashboard: '/dashboard',
  community: '/community',
  newNonprofit: '/master',
  charity: '/master/charity_management',
  cause: '/master/cause_management',
  charityCategory: '/master/charity_category_management',
  homepage: '/content_management/homepage',
  privacyPolicy: '/content_management/privacy_policy',
  termsOfUse: '/content_management/terms_condition',
  leadership: '/content_management/leadership',
  aboutUs: '/content_management/about_us',
  givingPartnerPage: '/giving_partner',
  faq: '/category/FAQ',
  faqCategory: '/category',
  event: '/event',
  pendingPartner: '/strategic/pending_strategic_partner',
  partner: '/strategic',
  donor: '/donor',
  transaction: '/transaction',
  badge: '/badge',
  notification: '/send_notification',
  contactForm: '/category/contact_form',
  reportPost: '/reporte_post',
  subscribedDonor: '/subscribed_donor',
  subAdmin: '/sub_admin',
  serviceCharges: '/manage_service_charges',
  chat: '/chat',
} as const)

function named<T extends Record<string, string>>(names: T): T {
  for (const slug of Object.values(names)) moduleOf(slug)
  return names
}
