/**
 * Bulk actions (issue 36 section 2): which actions each list offers on its selected rows, and the
 * right each needs — the rule of the single-row path the action is (bff/src/areas/bulk.rs
 * `ACTIONS`, bff/src/permissions.rs). Small on purpose: ListCard reads it to know whether its list
 * selects rows; the calls, the confirm and the export are components/BulkActions.tsx, fetched
 * when the first row is selected.
 */
import { SLUGS, type Action } from './modules'

export type BulkVerb = 'status' | 'delete' | 'approve' | 'reject'

/** A grant: a module and an action. */
type Grant = readonly [string, Action]
/**
 * The single-row path's rule: every one of these requirements, each met by any one of its grants
 * (the permission table's `All` of `Grant`s).
 */
type Need = ReadonlyArray<ReadonlyArray<Grant>>

const own = (module: string, action: Action): Need => [[[module, action]]]
const statusAndDelete = (module: string) => ({ status: own(module, 'status'), delete: own(module, 'delete') })
const deleteOnly = (module: string) => ({ delete: own(module, 'delete') })
/** Approving or rejecting: the pending screen's view and the right that changes a record's standing. */
const decide = (pending: string, standing: string): Partial<Record<BulkVerb, Need>> => {
  const need: Need = [[[pending, 'view']], [[standing, 'status']]]
  return { approve: need, reject: need }
}

/** The bulk actions of each list (its module), as the BFF's table has them. */
export const BULK_ACTIONS: Readonly<Record<string, Partial<Record<BulkVerb, Need>>>> = {
  [SLUGS.charity]: {
    // The status path also opens to the module's edit and add (SPEC section 6).
    status: [
      [
        [SLUGS.charity, 'status'],
        [SLUGS.charity, 'edit'],
        [SLUGS.charity, 'add'],
      ],
    ],
    delete: own(SLUGS.charity, 'delete'),
  },
  [SLUGS.newNonprofit]: decide(SLUGS.newNonprofit, SLUGS.charity),
  [SLUGS.cause]: statusAndDelete(SLUGS.cause),
  [SLUGS.charityCategory]: statusAndDelete(SLUGS.charityCategory),
  [SLUGS.donor]: statusAndDelete(SLUGS.donor),
  [SLUGS.partner]: statusAndDelete(SLUGS.partner),
  [SLUGS.pendingPartner]: decide(SLUGS.pendingPartner, SLUGS.partner),
  [SLUGS.subAdmin]: statusAndDelete(SLUGS.subAdmin),
  [SLUGS.leadership]: deleteOnly(SLUGS.leadership),
  [SLUGS.faq]: deleteOnly(SLUGS.faq),
  [SLUGS.faqCategory]: deleteOnly(SLUGS.faqCategory),
  [SLUGS.badge]: deleteOnly(SLUGS.badge),
  [SLUGS.community]: deleteOnly(SLUGS.community),
  [SLUGS.event]: deleteOnly(SLUGS.event),
  [SLUGS.reportPost]: deleteOnly(SLUGS.reportPost),
  [SLUGS.contactForm]: deleteOnly(SLUGS.contactForm),
}

/** The bulk actions of `module`'s list that `can` allows, in the bar's order. */
export function bulkVerbs(module: string, can: (slug: string, action: Action) => boolean): BulkVerb[] {
  const offered = BULK_ACTIONS[module] ?? {}
  return (['status', 'approve', 'reject', 'delete'] as const).filter((verb) =>
    offered[verb]?.every((anyOf) => anyOf.some(([slug, action]) => can(slug, action))),
  )
}
