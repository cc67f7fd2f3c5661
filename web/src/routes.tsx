/**
 * The one route table of the console. Each route names its path (a pattern of paths.ts), its
 * title (breadcrumb), and for protected screens the module (slug of proto/modules.json) and
 * the action it needs. Menu entries take their title and parent group from modules.json
 * unless the route names its own (a nonprofit admin's 'My Nonprofit'). Each route's lazily
 * loaded screen is in app/screens.ts, keyed by the same pattern: this file imports no screen,
 * so screens may import it (the landing path, the access rules) without a circle.
 *
 * The menu, the breadcrumbs, the landing path and the sub-admin route guard are all derived here.
 * Only screens that exist are listed: no entry may lead to an empty page.
 */
import { findModule, GROUPS, MODULES, moduleOf, SLUGS, TRASH_MODULES, type ModuleDef } from './lib/modules'
import { grantedActionsOf, holdsEverything, isCharityAdminUser, type SessionUser } from './lib/session'
import { paths } from './paths'
import { PUBLIC_ROUTES } from './public-routes'
import type { AppRoute, MenuIcon, RouteDef } from './route-types'

export type { AppRoute, MenuIcon, RouteDef, RouteHandle, RouteLayout } from './route-types'

const table: RouteDef[] = [
  // The public screens: declared in public-routes.ts, which the entry loads without this table.
  ...PUBLIC_ROUTES,
  {
    path: paths.changePassword.pattern,
    layout: 'shell',
    title: 'Change Password',
  },
  {
    path: paths.twoFactor.pattern,
    layout: 'shell',
    title: 'Two-factor sign-in',
    audience: 'staff',
  },
  {
    path: paths.dashboard.pattern,
    layout: 'shell',
    module: SLUGS.dashboard,
    action: 'view',
    menu: true,
    icon: 'dashboard',
  },
  {
    path: paths.test.pattern,
    layout: 'shell',
    title: 'Test',
    audience: 'main',
  },
  {
    path: paths.auditLog.pattern,
    layout: 'shell',
    title: 'Audit Log',
    audience: 'main',
    menu: true,
    icon: 'solution',
  },
  {
    // Across modules: whoever may delete in a module with a trash (it lists those modules only).
    path: paths.trash.pattern,
    layout: 'shell',
    title: 'Trash',
    audience: 'staff',
    anyOf: { action: 'delete', modules: TRASH_MODULES.map((m) => m.slug) },
    menu: true,
    icon: 'delete',
  },
  {
    path: paths.newNonprofits.pattern,
    layout: 'shell',
    module: SLUGS.newNonprofit,
    action: 'view',
    menu: true,
    icon: 'solution',
  },
  {
    path: paths.newNonprofitView.pattern,
    layout: 'shell',
    title: 'View Nonprofit',
    module: SLUGS.newNonprofit,
    action: 'view',
  },
  {
    path: paths.charityList.pattern,
    layout: 'shell',
    module: SLUGS.charity,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'bank',
  },
  {
    path: paths.charityAdd.pattern,
    layout: 'shell',
    title: 'Add Nonprofit',
    module: SLUGS.charity,
    action: 'add',
    audience: 'staff',
  },
  {
    path: paths.charityEdit.pattern,
    layout: 'shell',
    title: 'Edit Nonprofit',
    module: SLUGS.charity,
    action: 'edit',
  },
  {
    path: paths.charityView.pattern,
    layout: 'shell',
    title: 'View Nonprofit',
    module: SLUGS.charity,
    action: 'view',
  },
  {
    // A nonprofit admin's home and only menu entry besides the dashboard: its own nonprofit.
    path: paths.myNonprofit.pattern,
    layout: 'shell',
    title: 'My Nonprofit',
    module: SLUGS.charity,
    action: 'edit',
    menu: true,
    audience: 'charity',
    group: null,
    icon: 'bank',
  },
  {
    path: paths.causeList.pattern,
    layout: 'shell',
    module: SLUGS.cause,
    action: 'view',
    menu: true,
    icon: 'heart',
  },
  {
    path: paths.causeAdd.pattern,
    layout: 'shell',
    title: 'Add Cause',
    module: SLUGS.cause,
    action: 'add',
  },
  {
    path: paths.causeEdit.pattern,
    layout: 'shell',
    title: 'Edit Cause',
    module: SLUGS.cause,
    action: 'edit',
  },
  {
    path: paths.categoryList.pattern,
    layout: 'shell',
    module: SLUGS.charityCategory,
    action: 'view',
    menu: true,
    icon: 'tags',
  },
  {
    path: paths.subAdminList.pattern,
    layout: 'shell',
    module: SLUGS.subAdmin,
    action: 'view',
    menu: true,
    icon: 'team',
  },
  {
    path: paths.subAdminAdd.pattern,
    layout: 'shell',
    title: 'Add Sub Admin',
    module: SLUGS.subAdmin,
    action: 'add',
  },
  {
    path: paths.subAdminEdit.pattern,
    layout: 'shell',
    title: 'Edit Sub Admin',
    module: SLUGS.subAdmin,
    action: 'edit',
  },
  {
    path: paths.subAdminView.pattern,
    layout: 'shell',
    title: 'View Sub Admin',
    module: SLUGS.subAdmin,
    action: 'view',
  },
  // Giving: donors, transactions, subscribed donors
  { path: paths.donorList.pattern, layout: 'shell', module: SLUGS.donor, action: 'view', menu: true, icon: 'heart' },
  { path: paths.donorAdd.pattern, layout: 'shell', title: 'Add Donor', module: SLUGS.donor, action: 'add' },
  { path: paths.donorEdit.pattern, layout: 'shell', title: 'Edit Donor', module: SLUGS.donor, action: 'edit' },
  { path: paths.donorView.pattern, layout: 'shell', title: 'View Donor', module: SLUGS.donor, action: 'view' },
  {
    path: paths.transactionList.pattern,
    layout: 'shell',
    module: SLUGS.transaction,
    action: 'view',
    menu: true,
    icon: 'solution',
  },
  {
    path: paths.transactionView.pattern,
    layout: 'shell',
    title: 'View Transaction',
    module: SLUGS.transaction,
    action: 'view',
  },
  {
    path: paths.subscribedDonorList.pattern,
    layout: 'shell',
    module: SLUGS.subscribedDonor,
    action: 'view',
    menu: true,
    icon: 'team',
  },
  // Giving: partners, badges, service charges
  {
    path: paths.pendingPartnerList.pattern,
    layout: 'shell',
    module: SLUGS.pendingPartner,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'solution',
  },
  {
    path: paths.partnerView.pattern,
    layout: 'shell',
    title: 'View Giving Partner',
    module: SLUGS.pendingPartner,
    action: 'view',
    audience: 'staff',
  },
  {
    path: paths.partnerList.pattern,
    layout: 'shell',
    module: SLUGS.partner,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'team',
  },
  {
    path: paths.badgeList.pattern,
    layout: 'shell',
    module: SLUGS.badge,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'tags',
  },
  {
    path: paths.badgeEdit.pattern,
    layout: 'shell',
    title: 'Edit Badge',
    module: SLUGS.badge,
    action: 'edit',
    audience: 'staff',
  },
  {
    path: paths.serviceCharges.pattern,
    layout: 'shell',
    module: SLUGS.serviceCharges,
    action: 'edit',
    menu: true,
    audience: 'staff',
    icon: 'appstore',
  },
  // Content: pages, leadership, FAQs, contact messages, the giving-partner page
  {
    path: paths.homepage.pattern,
    layout: 'shell',
    module: SLUGS.homepage,
    action: 'edit',
    menu: true,
    audience: 'staff',
    icon: 'folder',
  },
  {
    path: paths.privacyPolicy.pattern,
    layout: 'shell',
    module: SLUGS.privacyPolicy,
    action: 'edit',
    menu: true,
    audience: 'staff',
    icon: 'folder',
  },
  {
    path: paths.termsOfUse.pattern,
    layout: 'shell',
    module: SLUGS.termsOfUse,
    action: 'edit',
    menu: true,
    audience: 'staff',
    icon: 'folder',
  },
  {
    path: paths.leadershipList.pattern,
    layout: 'shell',
    module: SLUGS.leadership,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'team',
  },
  {
    path: paths.leadershipAdd.pattern,
    layout: 'shell',
    title: 'Add Leadership',
    module: SLUGS.leadership,
    action: 'add',
    audience: 'staff',
  },
  {
    path: paths.leadershipEdit.pattern,
    layout: 'shell',
    title: 'Edit Leadership',
    module: SLUGS.leadership,
    action: 'edit',
    audience: 'staff',
  },
  {
    path: paths.leadershipView.pattern,
    layout: 'shell',
    title: 'View Leadership',
    module: SLUGS.leadership,
    action: 'view',
    audience: 'staff',
  },
  {
    path: paths.aboutUs.pattern,
    layout: 'shell',
    module: SLUGS.aboutUs,
    action: 'edit',
    menu: true,
    audience: 'staff',
    icon: 'folder',
  },
  {
    path: paths.faqList.pattern,
    layout: 'shell',
    module: SLUGS.faq,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'solution',
  },
  {
    path: paths.faqListLower.pattern,
    layout: 'shell',
    title: 'FAQ Management',
    module: SLUGS.faq,
    action: 'view',
    audience: 'staff',
  },
  {
    path: paths.faqAdd.pattern,
    layout: 'shell',
    title: 'Add FAQ',
    module: SLUGS.faq,
    action: 'add',
    audience: 'staff',
  },
  {
    path: paths.faqEdit.pattern,
    layout: 'shell',
    title: 'Edit FAQ',
    module: SLUGS.faq,
    action: 'edit',
    audience: 'staff',
  },
  {
    path: paths.faqCategoryList.pattern,
    layout: 'shell',
    module: SLUGS.faqCategory,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'tags',
  },
  {
    path: paths.contactList.pattern,
    layout: 'shell',
    module: SLUGS.contactForm,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'solution',
  },
  {
    path: paths.contactView.pattern,
    layout: 'shell',
    title: 'View Contact Message',
    module: SLUGS.contactForm,
    action: 'view',
    audience: 'staff',
  },
  // Its own module (edit), granted like any other; a sub-admin sees no Cancel.
  {
    path: paths.givingPartnerPage.pattern,
    layout: 'shell',
    module: SLUGS.givingPartnerPage,
    action: 'edit',
    menu: true,
    audience: 'staff',
    icon: 'folder',
  },
  // Engagement: communities (with their posts), events, reported posts
  {
    path: paths.communityList.pattern,
    layout: 'shell',
    module: SLUGS.community,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'team',
  },
  {
    path: paths.communityAdd.pattern,
    layout: 'shell',
    title: 'Add Community',
    module: SLUGS.community,
    action: 'add',
    audience: 'staff',
  },
  {
    path: paths.communityEdit.pattern,
    layout: 'shell',
    title: 'Edit Community',
    module: SLUGS.community,
    action: 'edit',
    audience: 'staff',
  },
  {
    path: paths.communityView.pattern,
    layout: 'shell',
    title: 'View Community',
    module: SLUGS.community,
    action: 'view',
    audience: 'staff',
  },
  {
    path: paths.eventList.pattern,
    layout: 'shell',
    module: SLUGS.event,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'calendar',
  },
  {
    path: paths.eventAdd.pattern,
    layout: 'shell',
    title: 'Add Event',
    module: SLUGS.event,
    action: 'add',
    audience: 'staff',
  },
  {
    path: paths.eventEdit.pattern,
    layout: 'shell',
    title: 'Edit Event',
    module: SLUGS.event,
    action: 'edit',
    audience: 'staff',
  },
  {
    path: paths.eventView.pattern,
    layout: 'shell',
    title: 'View Event',
    module: SLUGS.event,
    action: 'view',
    audience: 'staff',
  },
  {
    path: paths.reportPostList.pattern,
    layout: 'shell',
    module: SLUGS.reportPost,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'flag',
  },
  // Chat and notifications (a nonprofit admin gets neither)
  {
    path: paths.notification.pattern,
    layout: 'shell',
    module: SLUGS.notification,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'notification',
  },
  {
    path: paths.chat.pattern,
    layout: 'shell',
    module: SLUGS.chat,
    action: 'view',
    menu: true,
    audience: 'staff',
    icon: 'message',
  },
]

function resolve(def: RouteDef): AppRoute {
  const mod = def.module ? moduleOf(def.module) : undefined
  if (def.menu && !mod && def.audience !== 'main' && !def.anyOf)
    throw new Error(`Menu route ${def.path} needs a module`)
  if (mod && def.action && !mod.actions.includes(def.action) && def.action !== 'view') {
    throw new Error(`Route ${def.path} needs ${def.action}, which ${mod.slug} does not offer`)
  }
  const title = def.title ?? mod?.title ?? def.path
  return {
    ...def,
    title,
    menuTitle: def.menu ? title : undefined,
    group: def.group !== undefined ? def.group : (mod?.group ?? null),
  }
}

export const ROUTES: AppRoute[] = table.map(resolve)

export function findRoute(path: string): AppRoute | undefined {
  return ROUTES.find((r) => r.path === path)
}

/** The menu route of a module (the one `user` may open, when given), when its screen exists. */
export function menuRouteOf(slug: string, user?: SessionUser | null): AppRoute | undefined {
  return ROUTES.find((r) => r.menu && r.module === slug && (user === undefined || canAccessRoute(user, r)))
}

/**
 * Whether a user may open a route. Routes without a module need only a session, but for
 * the main admin's own and those across modules (`anyOf`: one of its modules' action). The
 * main admin may open everything. Anyone else needs the route's
 * action on its module; for a 'view' screen of a module that offers no 'view', any granted
 * action counts.
 */
export function canAccessRoute(user: SessionUser | null | undefined, route: AppRoute): boolean {
  if (route.layout === 'public') return true
  if (!user) return false
  if (route.audience === 'main') return holdsEverything(user)
  if (route.audience && (route.audience === 'charity') !== isCharityAdminUser(user)) return false
  if (route.anyOf) {
    const { action, modules } = route.anyOf
    return holdsEverything(user) || modules.some((slug) => grantedActionsOf(user, slug).includes(action))
  }
  if (!route.module || holdsEverything(user)) return true
  const mod = findModule(route.module)
  if (!mod) return false
  const granted = grantedActionsOf(user, route.module)
  const needed = route.action ?? 'view'
  if (needed === 'view' && !mod.actions.includes('view')) return granted.length > 0
  return granted.includes(needed)
}

export interface MenuLeaf {
  key: string
  path: string
  title: string
  icon?: MenuIcon
}

export interface MenuGroup {
  key: string
  title: string
  /** What the collapsed menu shows of the group (and marks when it holds the current page). */
  icon: MenuIcon
  children: MenuLeaf[]
}

/**
 * Icons of the menu groups of modules.json; a group not named here shows a folder. Hidden
 * from assistive technology: a group is named by its title alone.
 */
const GROUP_ICONS: Record<string, MenuIcon> = {
  'Master Management': 'appstore',
}

export type MenuNode = MenuLeaf | MenuGroup

export function isMenuGroup(node: MenuNode): node is MenuGroup {
  return 'children' in node
}

/**
 * Nests menu leaves under their module's parent group, keeping the order given; a group
 * stands where its first module stands.
 */
export function nestMenu(entries: Array<{ module: ModuleDef; leaf: MenuLeaf }>): MenuNode[] {
  const nodes: MenuNode[] = []
  const groups = new Map<string, MenuGroup>()
  for (const { module, leaf } of entries) {
    if (!module.group) {
      nodes.push(leaf)
      continue
    }
    let group = groups.get(module.group)
    if (!group) {
      group = {
        key: `group:${module.group}`,
        title: module.group,
        icon: GROUP_ICONS[module.group] ?? 'folder',
        children: [],
      }
      groups.set(module.group, group)
      nodes.push(group)
    }
    group.children.push(leaf)
  }
  return nodes
}

/**
 * The sidebar: modules of modules.json, in its order, that have a screen, at least one
 * granted action and whose menu screen the user may open; grouped under their parent group.
 */
export function buildMenu(user: SessionUser | null | undefined): MenuNode[] {
  if (!user) return []
  const entries: Array<{ module: ModuleDef; leaf: MenuLeaf }> = []
  for (const mod of MODULES) {
    const route = menuRouteOf(mod.slug, user)
    if (!route) continue
    if (grantedActionsOf(user, mod.slug).length === 0) continue
    entries.push({
      // The entry's group: its module's, unless the route names another.
      module: { ...mod, group: route.group },
      leaf: { key: route.path, path: route.path, title: route.menuTitle ?? mod.title, icon: route.icon },
    })
  }
  const nodes = nestMenu(entries)
  // The screens of no module (the main admin's audit log, the Trash) close the menu.
  for (const route of ROUTES) {
    if (route.menu && !route.module && canAccessRoute(user, route)) {
      nodes.push({ key: route.path, path: route.path, title: route.menuTitle ?? route.title, icon: route.icon })
    }
  }
  return nodes
}

/** Known parent groups, in order (from modules.json). */
export const MENU_GROUPS = GROUPS

export interface Crumb {
  title: string
  path?: string
}

/** Breadcrumbs: [group] > [module's menu entry (the one `user` may open)] > [this screen]. */
export function breadcrumbsOf(route: AppRoute, user?: SessionUser | null): Crumb[] {
  const crumbs: Crumb[] = []
  const entry = route.module && !route.menu ? menuRouteOf(route.module, user) : undefined
  const group = entry ? entry.group : route.group
  if (group) crumbs.push({ title: group })
  if (entry) crumbs.push({ title: entry.title, path: entry.path })
  crumbs.push({ title: route.title })
  return crumbs
}

/**
 * Where a signed-in user lands: a nonprofit admin on its own nonprofit; others on the
 * dashboard, else the first menu screen they may open.
 */
export function homePathOf(user: SessionUser | null | undefined): string | null {
  const own = ROUTES.find((r) => r.menu && r.audience === 'charity' && canAccessRoute(user, r))
  if (own) return own.path
  const dashboard = findRoute(paths.dashboard.pattern)
  if (dashboard && canAccessRoute(user, dashboard)) return dashboard.path
  for (const node of buildMenu(user)) {
    if (isMenuGroup(node)) {
      if (node.children[0]) return node.children[0].path
    } else {
      return node.path
    }
  }
  return null
}
