/** Badges as the BFF returns them (generated from /api-docs/openapi.json, /admin/badge/). */
import type { components } from '../../api/schema'

/** What awards a badge: total given at least `threshold` cents, at least N donations, or N months subscribed. */
export type BadgeRule = 'totalGiven' | 'donations' | 'monthsSubscribed'

/**
 * A badge (generated `Badge`; `threshold` is cents for totalGiven, a count otherwise; times in epoch
 * milliseconds). The screens rely on the three rules, which the schema types as plain text.
 */
export type Badge = Omit<components['schemas']['Badge'], 'rule'> & { rule: BadgeRule }

/** Body of PATCH badgeUpdate/{id} (generated `BadgeBody`; the form always sends a rule). */
export type BadgeBody = Omit<components['schemas']['BadgeBody'], 'rule'> & { rule: BadgeRule }
