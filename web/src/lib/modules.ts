/**
 * Typed view of the one table of console modules, `proto/modules.json`, shared with the
 * backend. Each module's slug is its route; `actions` is what a sub-admin can be granted.
 * Imported from the proto folder, never copied.
 */
import table from '../../../proto/modules.json'

export type Action = 'view' | 'add' | 'edit' | 'delete' | 'status'

export interface ModuleDef {
  slug: string
  title: string
  /** Parent menu group, or null for a top-level entry. */
  group: string | null
  actions: Action[]
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
