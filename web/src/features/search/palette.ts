/**
 * What the command palette offers, apart from drawing it: the screens (the route table's menu
 * entries the user may see, matched by title on the client, no request), the records the BFF
 * found (GET /admin/search, only the kinds the user may view), each with the path that opens
 * it (the BFF names records, never console paths), and the options in the order the list and
 * the arrow keys walk them.
 */
import { buildMenu, canAccessRoute, findRoute, isMenuGroup } from '../../routes'
import type { SessionUser } from '../../lib/session'
import { paths, type RoutePattern } from '../../paths'
import type { SearchGroup, SearchItem, SearchKind, SearchResults } from './types'

/** Records are asked from this many characters (the BFF's rule too). */
export const MIN_RECORD_CHARS = 2
/** Records are asked this long after the last key press. */
export const DEBOUNCE_MS = 250

/** Each group's heading. */
export const GROUP_TITLES: Record<SearchKind | 'screen', string> = {
  screen: 'Screens',
  nonprofit: 'Nonprofits',
  donor: 'Donors',
  transaction: 'Transactions',
  community: 'Communities',
  event: 'Events',
  subAdmin: 'Sub-admins',
  faq: 'FAQs',
}

/** One entry of the list: a screen or a record, and where it leads. */
export interface PaletteOption {
  /** Unique in the list: `screen:/donor`, `donor:<id>`. */
  key: string
  group: SearchKind | 'screen'
  title: string
  subtitle: string
  path: string
}

/** The menu screens `user` may open whose title contains `text` (any case), in menu order. */
export function screensMatching(user: SessionUser | null | undefined, text: string): PaletteOption[] {
  const wanted = text.trim().toLowerCase()
  if (!wanted) return []
  const found: PaletteOption[] = []
  for (const node of buildMenu(user)) {
    const leaves = isMenuGroup(node)
      ? node.children.map((leaf) => ({ leaf, group: node.title }))
      : [{ leaf: node, group: '' }]
    for (const { leaf, group } of leaves) {
      if (leaf.title.toLowerCase().includes(wanted)) {
        found.push({ key: `screen:${leaf.path}`, group: 'screen', title: leaf.title, subtitle: group, path: leaf.path })
      }
    }
  }
  return found
}

/** Whether `user` may open the screen of `pattern`. */
function opens(user: SessionUser | null | undefined, pattern: RoutePattern): boolean {
  const route = findRoute(pattern)
  return Boolean(route && canAccessRoute(user, route))
}

/** The screens a record may open on, in preference, each with its path. */
function screensOf(kind: SearchKind, item: SearchItem): Array<[RoutePattern, string]> {
  const id = item._id
  switch (kind) {
    case 'nonprofit':
      return [
        [paths.charityView.pattern, paths.charityView(id)],
        [paths.newNonprofitView.pattern, paths.newNonprofitView(id)],
      ]
    case 'donor':
      return [[paths.donorView.pattern, paths.donorView(id)]]
    case 'transaction':
      return [[paths.transactionView.pattern, paths.transactionView(id)]]
    case 'community':
      return [[paths.communityView.pattern, paths.communityView(id)]]
    case 'event':
      return [[paths.eventView.pattern, paths.eventView(id)]]
    case 'subAdmin':
      return [[paths.subAdminView.pattern, paths.subAdminView(id)]]
    case 'faq':
      return [
        [paths.faqEdit.pattern, paths.faqEdit(id)],
        [paths.faqList.pattern, `${paths.faqList()}?${new URLSearchParams({ q: item.title })}`],
      ]
  }
}

/**
 * The screen a record opens on, for `user`: its view (a nonprofit's on Nonprofit Management,
 * else on New Nonprofit; a FAQ's edit form, else the FAQ list searched for its question).
 * Null when the user may open none (the BFF sent no such group then).
 */
export function recordPath(user: SessionUser | null | undefined, kind: SearchKind, item: SearchItem): string | null {
  const open = screensOf(kind, item).find(([pattern]) => opens(user, pattern))
  return open ? open[1] : null
}

/** The records of an answer as options, group by group (records the user cannot open left out). */
export function recordOptions(
  user: SessionUser | null | undefined,
  results: SearchResults | undefined,
): PaletteOption[] {
  const options: PaletteOption[] = []
  for (const group of results?.groups ?? []) {
    for (const item of group.items) {
      const path = recordPath(user, group.kind, item)
      if (path) {
        options.push({
          key: `${group.kind}:${item._id}`,
          group: group.kind,
          title: item.title,
          subtitle: item.subtitle,
          path,
        })
      }
    }
  }
  return options
}

/** The kinds whose service did not answer, in the answer's order. */
export function unavailableKinds(results: SearchResults | undefined): SearchKind[] {
  return (results?.groups ?? []).filter((g: SearchGroup) => g.unavailable).map((g) => g.kind)
}

/** "Donors and transactions could not be searched right now." */
export function unavailableNote(kinds: SearchKind[]): string {
  if (kinds.length === 0) return ''
  const names = kinds.map((k) => GROUP_TITLES[k])
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
  const text = list.charAt(0) + list.slice(1).toLowerCase()
  return `${text} could not be searched right now.`
}

/** Consecutive options of one group, for drawing each group under its heading. */
export function grouped(options: PaletteOption[]): Array<{ group: PaletteOption['group']; options: PaletteOption[] }> {
  const groups: Array<{ group: PaletteOption['group']; options: PaletteOption[] }> = []
  for (const option of options) {
    const last = groups[groups.length - 1]
    if (last && last.group === option.group) last.options.push(option)
    else groups.push({ group: option.group, options: [option] })
  }
  return groups
}

/** The option after (`step` 1) or before (-1) the one of `key`, wrapping around; the first when none is. */
export function moved(options: PaletteOption[], key: string | null, step: 1 | -1): string | null {
  if (options.length === 0) return null
  const at = options.findIndex((o) => o.key === key)
  if (at < 0) return options[step === 1 ? 0 : options.length - 1].key
  return options[(at + step + options.length) % options.length].key
}
