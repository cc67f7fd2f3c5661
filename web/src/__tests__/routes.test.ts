import { describe, expect, it } from 'vitest'
import {
  breadcrumbsOf,
  buildMenu,
  canAccessRoute,
  findRoute,
  homePathOf,
  isMenuGroup,
  nestMenu,
  ROUTES,
  type MenuNode,
} from '../routes'
import { screenOf } from '../app/screens'
import { MODULES, findModule } from '../lib/modules'
import { canUser, grantedActionsOf, isSubAdminUser, type SessionUser } from '../lib/session'
import { mainAdmin, subAdmin } from '../testing/users'

/** A sub-admin holding what the server grants a nonprofit admin. */
const charityAdminGrants = () => subAdmin({ '/dashboard': ['view'], '/master/charity_management': ['edit'] })

/** Menu as plain text: 'Title' or 'Group > Title'. */
function flatten(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (isMenuGroup(n) ? n.children.map((c) => `${n.title} > ${c.title}`) : [n.title]))
}

describe('route table', () => {
  it('every route has a lazy screen that loads a component', async () => {
    expect(ROUTES.length).toBeGreaterThan(0)
    for (const route of ROUTES) {
      const screen = screenOf(route.path)
      expect(typeof screen, route.path).toBe('function')
      const mod = await screen()
      expect(typeof mod.default, route.path).toBe('function')
    }
  })

  it('has unique paths and only modules of modules.json', () => {
    const paths = ROUTES.map((r) => r.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const route of ROUTES) if (route.module) expect(findModule(route.module), route.path).toBeDefined()
  })

  it('holds only the screens that exist now', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/signin',
        '/charity-signin',
        '/forgot_password',
        '/reset_password/:token',
        '/set_password/:token',
        '/change_password',
        '/dashboard',
        '/trash',
        '/master/cause_management',
        '/cause/cause_add',
        '/cause/cause_edit/:id',
        '/master/charity_category_management',
        '/test',
        '/master',
        '/master/master_view/:id',
        '/master/charity_management',
        '/master/charity_add',
        '/master/charity_edit/:id',
        '/master/charity_views',
        '/my_nonprofit',
        '/sub_admin',
        '/sub_admin/sub_admin_add',
        '/sub_admin/sub_admin_edit/:id',
        '/sub_admin/sub_admin_view/:id',
        // Giving: donors, transactions, subscribed donors
        '/donor',
        '/donor/donor_add',
        '/donor/donor_edit/:id',
        '/donor/donor_view/:id',
        '/transaction',
        '/transaction/transaction_view/:id',
        '/two_factor',
        '/subscribed_donor',
        // Giving: partners, badges, service charges
        '/strategic/pending_strategic_partner',
        '/strategic/strategic_view/:id',
        '/strategic',
        '/badge',
        '/badge/badge_edit/:id',
        '/manage_service_charges',
        // Content
        '/content_management/homepage',
        '/content_management/privacy_policy',
        '/content_management/terms_condition',
        '/content_management/about_us',
        '/content_management/leadership',
        '/content_management/add_leadership',
        '/content_management/edit_leadership/:id',
        '/content_management/view_leadership/:id',
        '/category',
        '/category/FAQ',
        '/category/faq',
        '/category/faq/faq_add',
        '/category/faq/faq_edit/:id',
        '/category/contact_form',
        '/category/contact_form/contact_form_view/:id',
        '/giving_partner',
        // Engagement
        '/community',
        '/community/community_add',
        '/community/community_edit/:id',
        '/community/Community_view/:id',
        '/event',
        '/event/event_add',
        '/event/event_edit/:id',
        '/event/event_view/:id',
        '/reporte_post',
        // Chat and notifications
        '/send_notification',
        // The audit trail (the main admin's only)
        '/audit_log',
        '/chat',
      ].sort(),
    )
  })

  it('names the action each protected screen needs', () => {
    expect(findRoute('/dashboard')).toMatchObject({ module: '/dashboard', action: 'view', menuTitle: 'Dashboard' })
    expect(findRoute('/sub_admin')).toMatchObject({ module: '/sub_admin', action: 'view', menuTitle: 'Sub Admin' })
    expect(findRoute('/sub_admin/sub_admin_add')).toMatchObject({ module: '/sub_admin', action: 'add' })
    expect(findRoute('/sub_admin/sub_admin_edit/:id')).toMatchObject({ module: '/sub_admin', action: 'edit' })
    expect(findRoute('/sub_admin/sub_admin_view/:id')).toMatchObject({ module: '/sub_admin', action: 'view' })
    expect(findRoute('/sub_admin/sub_admin_add')?.menuTitle).toBeUndefined()
    expect(findRoute('/master/cause_management')).toMatchObject({
      module: '/master/cause_management',
      action: 'view',
      menu: true,
      menuTitle: 'Causes/Affiliations Management',
      group: 'Master Management',
    })
    expect(findRoute('/cause/cause_add')).toMatchObject({
      module: '/master/cause_management',
      action: 'add',
      title: 'Add Cause',
    })
    expect(findRoute('/cause/cause_edit/:id')).toMatchObject({
      module: '/master/cause_management',
      action: 'edit',
      title: 'Edit Cause',
    })
    expect(findRoute('/master/charity_category_management')).toMatchObject({
      module: '/master/charity_category_management',
      action: 'view',
      menu: true,
      menuTitle: 'Nonprofit Category',
      group: 'Master Management',
    })
  })

  it('names the nonprofit add, edit and view screens', () => {
    const module = '/master/charity_management'
    expect(findRoute('/master/charity_add')).toMatchObject({ module, action: 'add', title: 'Add Nonprofit' })
    expect(findRoute('/master/charity_edit/:id')).toMatchObject({ module, action: 'edit', title: 'Edit Nonprofit' })
    expect(findRoute('/master/charity_views')).toMatchObject({ module, action: 'view', title: 'View Nonprofit' })
    expect(findRoute('/master/charity_add')?.menuTitle).toBeUndefined()
    expect(breadcrumbsOf(findRoute('/master/charity_edit/:id')!)).toEqual([
      { title: 'Master Management' },
      { title: 'Nonprofit Management', path: '/master/charity_management' },
      { title: 'Edit Nonprofit' },
    ])
  })

  it('names the nonprofit screens: New Nonprofit, its view, Nonprofit Management and /test', () => {
    expect(findRoute('/master')).toMatchObject({
      module: '/master',
      action: 'view',
      menu: true,
      menuTitle: 'New Nonprofit',
      group: 'Master Management',
    })
    expect(findRoute('/master/master_view/:id')).toMatchObject({ module: '/master', action: 'view' })
    expect(findRoute('/master/master_view/:id')?.menuTitle).toBeUndefined()
    expect(findRoute('/master/charity_management')).toMatchObject({
      module: '/master/charity_management',
      action: 'view',
      menu: true,
      menuTitle: 'Nonprofit Management',
      group: 'Master Management',
    })
    expect(findRoute('/test')).toMatchObject({ layout: 'shell', title: 'Test' })
    expect(findRoute('/test')?.module).toBeUndefined()
    expect(breadcrumbsOf(findRoute('/master/charity_management')!)).toEqual([
      { title: 'Master Management' },
      { title: 'Nonprofit Management' },
    ])
    expect(breadcrumbsOf(findRoute('/master/master_view/:id')!)).toEqual([
      { title: 'Master Management' },
      { title: 'New Nonprofit', path: '/master' },
      { title: 'View Nonprofit' },
    ])
    // Any nonprofit right opens the management list; only New Nonprofit view opens /master.
    const deleter = subAdmin({ '/master/charity_management': ['delete'] })
    expect(canAccessRoute(deleter, findRoute('/master/charity_management')!)).toBe(true)
    expect(canAccessRoute(deleter, findRoute('/master')!)).toBe(false)
    expect(canAccessRoute(subAdmin({ '/master': ['view'] }), findRoute('/master/master_view/:id')!)).toBe(true)
    // /test has no module: the main admin's alone (SPEC section 2 sends anyone else back).
    expect(canAccessRoute(mainAdmin, findRoute('/test')!)).toBe(true)
    expect(canAccessRoute(deleter, findRoute('/test')!)).toBe(false)
    expect(
      canAccessRoute(subAdmin(Object.fromEntries(MODULES.map((m) => [m.slug, m.actions]))), findRoute('/test')!),
    ).toBe(false)
    const npo: SessionUser = { ...charityAdminGrants(), adminType: 'Charity Admin', charityId: 'n1' }
    expect(canAccessRoute(npo, findRoute('/test')!)).toBe(false)
    expect(canAccessRoute(null, findRoute('/test')!)).toBe(false)
    // /audit_log likewise, with its menu entry for the main admin alone.
    const everything = subAdmin(Object.fromEntries(MODULES.map((m) => [m.slug, m.actions])))
    expect(canAccessRoute(mainAdmin, findRoute('/audit_log')!)).toBe(true)
    expect(canAccessRoute(everything, findRoute('/audit_log')!)).toBe(false)
    expect(canAccessRoute(npo, findRoute('/audit_log')!)).toBe(false)
    expect(flatten(buildMenu(everything))).not.toContain('Audit Log')
  })

  it("menu entries take their title and group from modules.json (but the nonprofit admin's own entry)", () => {
    expect(findRoute('/my_nonprofit')).toMatchObject({ menuTitle: 'My Nonprofit', group: null, audience: 'charity' })
    for (const route of ROUTES.filter((r) => r.menu && r.module && r.path !== '/my_nonprofit')) {
      const mod = findModule(route.module!)!
      expect(route.menuTitle).toBe(mod.title)
      expect(route.group).toBe(mod.group)
    }
  })
})

describe('content routes', () => {
  it('name the module and action of each content screen', () => {
    for (const slug of ['homepage', 'privacy_policy', 'terms_condition', 'about_us']) {
      expect(findRoute(`/content_management/${slug}`)).toMatchObject({
        module: `/content_management/${slug}`,
        action: 'edit',
        menu: true,
      })
    }
    const leadership = '/content_management/leadership'
    expect(findRoute(leadership)).toMatchObject({
      module: leadership,
      action: 'view',
      menuTitle: 'Leadership',
      group: 'Content Management',
    })
    expect(findRoute('/content_management/add_leadership')).toMatchObject({ module: leadership, action: 'add' })
    expect(findRoute('/content_management/edit_leadership/:id')).toMatchObject({ module: leadership, action: 'edit' })
    expect(findRoute('/content_management/view_leadership/:id')).toMatchObject({ module: leadership, action: 'view' })
    expect(findRoute('/category')).toMatchObject({
      module: '/category',
      action: 'view',
      menuTitle: 'FAQ Category Management',
    })
    expect(findRoute('/category/FAQ')).toMatchObject({
      module: '/category/FAQ',
      action: 'view',
      menuTitle: 'FAQ Management',
    })
    expect(findRoute('/category/faq')).toMatchObject({ module: '/category/FAQ', action: 'view' })
    expect(findRoute('/category/faq')?.menu).toBeFalsy()
    expect(findRoute('/category/faq/faq_add')).toMatchObject({ module: '/category/FAQ', action: 'add' })
    expect(findRoute('/category/faq/faq_edit/:id')).toMatchObject({ module: '/category/FAQ', action: 'edit' })
    expect(findRoute('/category/contact_form')).toMatchObject({ module: '/category/contact_form', action: 'view' })
    expect(findRoute('/category/contact_form/contact_form_view/:id')).toMatchObject({
      module: '/category/contact_form',
      action: 'view',
    })
    // Its own module (issue 32): granted like any other, never reached through another right.
    const givingPartner = findRoute('/giving_partner')!
    expect(givingPartner).toMatchObject({ audience: 'staff', module: '/giving_partner', action: 'edit', menu: true })
    expect(canAccessRoute(mainAdmin, givingPartner)).toBe(true)
    expect(canAccessRoute(subAdmin({ '/dashboard': ['view'] }), givingPartner)).toBe(false)
    expect(canAccessRoute(subAdmin({ '/giving_partner': ['edit'] }), givingPartner)).toBe(true)
  })

  it('a sub-admin opens only the content screens it was granted', () => {
    const faqOnly = subAdmin({ '/category/FAQ': ['add'] })
    expect(canAccessRoute(faqOnly, findRoute('/category/FAQ')!)).toBe(true)
    expect(canAccessRoute(faqOnly, findRoute('/category/faq/faq_add')!)).toBe(true)
    expect(canAccessRoute(faqOnly, findRoute('/category/faq/faq_edit/:id')!)).toBe(false)
    expect(canAccessRoute(faqOnly, findRoute('/category')!)).toBe(false)
    const privacy = subAdmin({ '/content_management/privacy_policy': ['edit'] })
    expect(canAccessRoute(privacy, findRoute('/content_management/privacy_policy')!)).toBe(true)
    expect(canAccessRoute(privacy, findRoute('/content_management/terms_condition')!)).toBe(false)
    expect(flatten(buildMenu(privacy))).toEqual(['Content Management > Privacy policy'])
  })
})

describe('menu', () => {
  it('the main admin sees every screen that exists', () => {
    expect(flatten(buildMenu(mainAdmin))).toEqual([
      'Dashboard',
      'Community Management',
      'Master Management > New Nonprofit',
      'Master Management > Nonprofit Management',
      'Master Management > Causes/Affiliations Management',
      'Master Management > Nonprofit Category',
      'Content Management > Homepage',
      'Content Management > Privacy policy',
      'Content Management > Terms Of Use',
      'Content Management > Leadership',
      'Content Management > About Us',
      'Content Management > Giving Partner Page',
      'FAQ Management',
      'FAQ Category Management',
      'Event Management',
      'Giving Partner Management > Pending/Rejected Partners',
      'Giving Partner Management > Management of Approved Partners',
      'Donor Management',
      'Transaction Management',
      'Badge Management',
      'Notification Management',
      'Contact Us Form',
      'Report Post',
      'Subscribed Donor',
      'Sub Admin',
      'Service Charges',
      'Message',
      'Audit Log',
      'Trash',
    ])
  })

  it('shows nothing without a session', () => {
    expect(buildMenu(null)).toEqual([])
  })

  it('shows only modules with a granted action', () => {
    expect(flatten(buildMenu(subAdmin({ '/sub_admin': ['view'] })))).toEqual(['Sub Admin'])
    expect(flatten(buildMenu(subAdmin({ '/dashboard': ['view'] })))).toEqual(['Dashboard'])
    expect(flatten(buildMenu(subAdmin({ '/dashboard': ['view'], '/sub_admin': ['view', 'add'] })))).toEqual([
      'Dashboard',
      'Sub Admin',
    ])
    expect(flatten(buildMenu(subAdmin({ '/event': ['view'] })))).toEqual(['Event Management'])
    expect(flatten(buildMenu(subAdmin({ '/send_notification': ['view'] })))).toEqual(['Notification Management'])
    expect(flatten(buildMenu(subAdmin({ '/chat': ['view'] })))).toEqual(['Message'])
    expect(flatten(buildMenu(subAdmin({ '/chat': [] })))).toEqual([])
    expect(flatten(buildMenu(subAdmin({ '/donor': ['view'] })))).toEqual(['Donor Management'])
    expect(flatten(buildMenu(subAdmin({ '/sub_admin': [] })))).toEqual([])
  })

  it('any granted action shows a module that offers no view (causes, categories)', () => {
    expect(flatten(buildMenu(subAdmin({ '/master/cause_management': ['status'] })))).toEqual([
      'Master Management > Causes/Affiliations Management',
    ])
    expect(flatten(buildMenu(subAdmin({ '/master/charity_category_management': ['delete'] })))).toEqual([
      'Master Management > Nonprofit Category',
      'Trash',
    ])
    expect(flatten(buildMenu(subAdmin({ '/master/cause_management': [] })))).toEqual([])
    expect(homePathOf(subAdmin({ '/master/charity_category_management': ['add'] }))).toBe(
      '/master/charity_category_management',
    )
  })

  it('a sub-admin without the dashboard permission does not see the dashboard', () => {
    const user = subAdmin({ '/sub_admin': ['view'] })
    expect(flatten(buildMenu(user))).not.toContain('Dashboard')
    expect(canAccessRoute(user, findRoute('/dashboard')!)).toBe(false)
    expect(homePathOf(user)).toBe('/sub_admin')
  })

  it('ignores granted actions the module does not offer', () => {
    expect(flatten(buildMenu(subAdmin({ '/dashboard': ['edit'] })))).toEqual([])
  })

  it('hides an entry whose list screen the sub-admin may not open', () => {
    // 'add' alone is a granted action, but the list screen needs 'view'.
    expect(flatten(buildMenu(subAdmin({ '/sub_admin': ['add'] })))).toEqual([])
  })

  it('a nonprofit admin sees its dashboard and its own nonprofit, lands on it, and opens no list', () => {
    const npo: SessionUser = { ...charityAdminGrants(), adminType: 'Charity Admin', charityId: 'n1' }
    expect(flatten(buildMenu(npo))).toEqual(['Dashboard', 'My Nonprofit'])
    expect(homePathOf(npo)).toBe('/my_nonprofit')
    for (const path of [
      '/master/charity_management',
      '/master/charity_add',
      '/master',
      '/sub_admin',
      '/chat',
      '/send_notification',
    ]) {
      expect(canAccessRoute(npo, findRoute(path)!), path).toBe(false)
    }
    for (const path of ['/my_nonprofit', '/master/charity_edit/:id', '/dashboard']) {
      expect(canAccessRoute(npo, findRoute(path)!), path).toBe(true)
    }
    expect(breadcrumbsOf(findRoute('/master/charity_edit/:id')!, npo).map((c) => c.title)).toEqual([
      'My Nonprofit',
      'Edit Nonprofit',
    ])
    // Staff never get the nonprofit admin's entry, even a sub-admin holding the same right.
    expect(canAccessRoute(mainAdmin, findRoute('/my_nonprofit')!)).toBe(false)
    expect(flatten(buildMenu(charityAdminGrants()))).toEqual(['Dashboard', 'Master Management > Nonprofit Management'])
    expect(homePathOf(charityAdminGrants())).toBe('/dashboard')
  })
})

describe('engagement routes', () => {
  it('name the module and action of each community, event and reported-post screen', () => {
    expect(findRoute('/community')).toMatchObject({
      module: '/community',
      action: 'view',
      menu: true,
      menuTitle: 'Community Management',
      group: null,
    })
    expect(findRoute('/community/community_add')).toMatchObject({
      module: '/community',
      action: 'add',
      title: 'Add Community',
    })
    expect(findRoute('/community/community_edit/:id')).toMatchObject({
      module: '/community',
      action: 'edit',
      title: 'Edit Community',
    })
    expect(findRoute('/community/Community_view/:id')).toMatchObject({
      module: '/community',
      action: 'view',
      title: 'View Community',
    })
    expect(findRoute('/event')).toMatchObject({
      module: '/event',
      action: 'view',
      menu: true,
      menuTitle: 'Event Management',
    })
    expect(findRoute('/event/event_add')).toMatchObject({ module: '/event', action: 'add', title: 'Add Event' })
    expect(findRoute('/event/event_edit/:id')).toMatchObject({ module: '/event', action: 'edit', title: 'Edit Event' })
    expect(findRoute('/event/event_view/:id')).toMatchObject({ module: '/event', action: 'view', title: 'View Event' })
    expect(findRoute('/reporte_post')).toMatchObject({
      module: '/reporte_post',
      action: 'view',
      menu: true,
      menuTitle: 'Report Post',
    })
    expect(breadcrumbsOf(findRoute('/event/event_view/:id')!)).toEqual([
      { title: 'Event Management', path: '/event' },
      { title: 'View Event' },
    ])
  })

  it('a sub-admin opens only what the Community, Event and Report Post rights allow', () => {
    const viewer = subAdmin({ '/community': ['view'], '/event': ['view', 'edit'], '/reporte_post': ['view'] })
    expect(canAccessRoute(viewer, findRoute('/community')!)).toBe(true)
    expect(canAccessRoute(viewer, findRoute('/community/Community_view/:id')!)).toBe(true)
    expect(canAccessRoute(viewer, findRoute('/community/community_add')!)).toBe(false)
    expect(canAccessRoute(viewer, findRoute('/community/community_edit/:id')!)).toBe(false)
    expect(canAccessRoute(viewer, findRoute('/event/event_edit/:id')!)).toBe(true)
    expect(canAccessRoute(viewer, findRoute('/event/event_add')!)).toBe(false)
    expect(canAccessRoute(viewer, findRoute('/reporte_post')!)).toBe(true)
    expect(flatten(buildMenu(viewer))).toEqual(['Community Management', 'Event Management', 'Report Post'])
  })
})

describe('group nesting', () => {
  it('modules with a parent group sit under a submenu named after it', () => {
    // Nest every module of modules.json as the menu will once all their screens exist.
    const grouped = MODULES.filter((m) => m.group)
    expect(new Set(grouped.map((m) => m.group))).toEqual(
      new Set(['Master Management', 'Content Management', 'Giving Partner Management']),
    )
    const menu = nestMenu(MODULES.map((m) => ({ module: m, leaf: { key: m.slug, path: m.slug, title: m.title } })))
    const groups = menu.filter(isMenuGroup)
    expect(groups.map((g) => g.title)).toEqual(['Master Management', 'Content Management', 'Giving Partner Management'])
    expect(groups[0].children.map((c) => c.title)).toEqual([
      'New Nonprofit',
      'Nonprofit Management',
      'Causes/Affiliations Management',
      'Nonprofit Category',
    ])
    expect(groups[2].children.map((c) => c.title)).toEqual([
      'Pending/Rejected Partners',
      'Management of Approved Partners',
    ])
    // Top-level entries keep the order of modules.json, each group placed where its first module stands.
    expect(menu.slice(0, 3).map((n) => n.title)).toEqual(['Dashboard', 'Community Management', 'Master Management'])
    expect(menu.filter((n) => !isMenuGroup(n))).toHaveLength(MODULES.length - grouped.length)
  })

  it('breadcrumbs: group > module entry > screen', () => {
    expect(breadcrumbsOf(findRoute('/dashboard')!)).toEqual([{ title: 'Dashboard' }])
    expect(breadcrumbsOf(findRoute('/sub_admin')!)).toEqual([{ title: 'Sub Admin' }])
    expect(breadcrumbsOf(findRoute('/sub_admin/sub_admin_edit/:id')!)).toEqual([
      { title: 'Sub Admin', path: '/sub_admin' },
      { title: 'Edit Sub Admin' },
    ])
    expect(breadcrumbsOf(findRoute('/change_password')!)).toEqual([{ title: 'Change Password' }])
    expect(breadcrumbsOf(findRoute('/master/charity_category_management')!)).toEqual([
      { title: 'Master Management' },
      { title: 'Nonprofit Category' },
    ])
    expect(breadcrumbsOf(findRoute('/master/cause_management')!)).toEqual([
      { title: 'Master Management' },
      { title: 'Causes/Affiliations Management' },
    ])
    expect(breadcrumbsOf(findRoute('/cause/cause_edit/:id')!)).toEqual([
      { title: 'Master Management' },
      { title: 'Causes/Affiliations Management', path: '/master/cause_management' },
      { title: 'Edit Cause' },
    ])
  })
})

describe('Trash', () => {
  const trash = findRoute('/trash')!

  it('is in the menu, and opens, for the main admin and whoever may delete in a module with a trash', () => {
    expect(canAccessRoute(mainAdmin, trash)).toBe(true)
    const faqDeleter = subAdmin({ '/category/FAQ': ['delete'] })
    expect(flatten(buildMenu(faqDeleter))).toEqual(['FAQ Management', 'Trash'])
    expect(canAccessRoute(faqDeleter, trash)).toBe(true)
  })

  it('is neither in the menu nor open without a delete right on a module with a trash', () => {
    const editor = subAdmin({ '/category/FAQ': ['add', 'edit'], '/sub_admin': ['view'] })
    expect(flatten(buildMenu(editor))).not.toContain('Trash')
    expect(canAccessRoute(editor, trash)).toBe(false)
    // Rights on modules with a trash, but not their delete: no Trash.
    const keeper = subAdmin({ '/reporte_post': ['view'], '/donor': ['view', 'status'] })
    expect(flatten(buildMenu(keeper))).not.toContain('Trash')
    expect(canAccessRoute(keeper, trash)).toBe(false)
    expect(canAccessRoute(null, trash)).toBe(false)
  })

  it('follows modules.json: its modules are those with a trash', () => {
    expect(trash.anyOf?.modules).toEqual(MODULES.filter((m) => m.trash).map((m) => m.slug))
  })
})

describe('route guard', () => {
  const list = findRoute('/sub_admin')!
  const add = findRoute('/sub_admin/sub_admin_add')!
  const edit = findRoute('/sub_admin/sub_admin_edit/:id')!
  const view = findRoute('/sub_admin/sub_admin_view/:id')!

  it("lets the main admin open everything but a nonprofit admin's own entry", () => {
    for (const route of ROUTES.filter((r) => r.audience !== 'charity')) {
      expect(canAccessRoute(mainAdmin, route), route.path).toBe(true)
    }
  })

  it('needs a session for shell screens', () => {
    expect(canAccessRoute(null, list)).toBe(false)
    expect(canAccessRoute(null, findRoute('/change_password')!)).toBe(false)
    expect(canAccessRoute(null, findRoute('/signin')!)).toBe(true)
  })

  it('checks the action of each sub-admin screen', () => {
    const viewer = subAdmin({ '/sub_admin': ['view'] })
    expect(canAccessRoute(viewer, list)).toBe(true)
    expect(canAccessRoute(viewer, view)).toBe(true)
    expect(canAccessRoute(viewer, add)).toBe(false)
    expect(canAccessRoute(viewer, edit)).toBe(false)
    const editor = subAdmin({ '/sub_admin': ['view', 'edit'] })
    expect(canAccessRoute(editor, edit)).toBe(true)
    expect(canAccessRoute(editor, add)).toBe(false)
    expect(canAccessRoute(viewer, findRoute('/change_password')!)).toBe(true)
  })

  it('for a module without view, any granted action opens its view screens', () => {
    const route = { ...list, path: '/master/charity_management' as const, module: '/master/charity_management' }
    expect(canAccessRoute(subAdmin({ '/master/charity_management': ['status'] }), route)).toBe(true)
    expect(canAccessRoute(subAdmin({ '/master/charity_management': [] }), route)).toBe(false)
  })

  it('cause and category screens: any action opens the lists, add/edit open the cause form', () => {
    const causes = findRoute('/master/cause_management')!
    const causeAdd = findRoute('/cause/cause_add')!
    const causeEdit = findRoute('/cause/cause_edit/:id')!
    const categories = findRoute('/master/charity_category_management')!
    const statusOnly = subAdmin({ '/master/cause_management': ['status'] })
    expect(canAccessRoute(statusOnly, causes)).toBe(true)
    expect(canAccessRoute(statusOnly, causeAdd)).toBe(false)
    expect(canAccessRoute(statusOnly, causeEdit)).toBe(false)
    expect(canAccessRoute(statusOnly, categories)).toBe(false)
    const adder = subAdmin({ '/master/cause_management': ['add'] })
    expect(canAccessRoute(adder, causeAdd)).toBe(true)
    expect(canAccessRoute(adder, causeEdit)).toBe(false)
    const editor = subAdmin({ '/master/cause_management': ['edit'] })
    expect(canAccessRoute(editor, causeEdit)).toBe(true)
    expect(canAccessRoute(editor, causeAdd)).toBe(false)
    expect(canAccessRoute(subAdmin({ '/master/charity_category_management': ['edit'] }), categories)).toBe(true)
  })
})

describe('session helpers', () => {
  it('non-sub-admins can do everything; sub-admins what they were granted', () => {
    expect(isSubAdminUser(mainAdmin)).toBe(false)
    expect(canUser(mainAdmin, '/donor', 'delete')).toBe(true)
    const user = subAdmin({ '/donor': ['view', 'status'] })
    expect(isSubAdminUser(user)).toBe(true)
    expect(canUser(user, '/donor', 'view')).toBe(true)
    expect(canUser(user, '/donor', 'delete')).toBe(false)
    expect(grantedActionsOf(user, '/donor')).toEqual(['view', 'status'])
    expect(grantedActionsOf(mainAdmin, '/badge')).toEqual(['edit', 'delete'])
    expect(canUser(null, '/donor', 'view')).toBe(false)
  })
})
