/**
 * Every path of the console, once. The route table (routes.tsx) takes each route's pattern
 * from here, and screens navigate with the typed builders: `navigate(paths.subAdminEdit(id))`,
 * `<Link to={paths.signIn()}>`. A module's menu screen stands at its slug (modules.json), so
 * those paths come from the module table. No other source file spells a console path
 * (src/__tests__/paths.test.ts scans for them).
 */
import { SLUGS } from './lib/modules'

/** One string per `:param` of the pattern, in order. */
type ParamValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamValues<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : []

/** Builds a path of the pattern; `pattern` is what the route table matches. */
export interface PathBuilder<P extends string, A extends unknown[] = ParamValues<P>> {
  (...params: A): string
  readonly pattern: P
}

function path<P extends string>(pattern: P): PathBuilder<P> {
  const build = (...params: string[]) => {
    let next = 0
    return pattern.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(params[next++] ?? ''))
  }
  return Object.assign(build, { pattern }) as PathBuilder<P>
}

/** A path that takes its record's id in the query string (`?id=`), as SPEC names it. */
function pathWithId<P extends string>(pattern: P): PathBuilder<P, [id?: string]> {
  const build = (id?: string) => (id ? `${pattern}?id=${encodeURIComponent(id)}` : pattern)
  return Object.assign(build, { pattern })
}

/** A record's screen that may open one of its dialogs at once (`?action=approve`). */
function pathWithAction<P extends string, K extends string>(pattern: P): PathBuilder<P, [id: string, action?: K]> {
  const build = (id: string, action?: K) => {
    const base = pattern.replace(/:[A-Za-z_]+/, encodeURIComponent(id))
    return action ? `${base}?action=${encodeURIComponent(action)}` : base
  }
  return Object.assign(build, { pattern })
}

/** A form that may start from a list's filter, given in the query string (`?categoryId=&categoryName=`). */
function pathWithQuery<P extends string, K extends string>(
  pattern: P,
): PathBuilder<P, [query?: Partial<Record<K, string>>]> {
  const build = (query?: Partial<Record<K, string>>) => {
    const entries = Object.entries(query ?? {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
    )
    return entries.length ? `${pattern}?${new URLSearchParams(entries).toString()}` : pattern
  }
  return Object.assign(build, { pattern })
}

export const paths = {
  /** Inside the shell: the user's home screen (routes.tsx `homePathOf`). */
  home: path('/'),
  signIn: path('/signin'),
  charitySignIn: path('/charity-signin'),
  forgotPassword: path('/forgot_password'),
  resetPassword: path('/reset_password/:token'),
  setPassword: path('/set_password/:token'),
  changePassword: path('/change_password'),
  /** The account menu's two-factor sign-in screen. */
  twoFactor: path('/two_factor'),
  dashboard: path(SLUGS.dashboard),
  /** The main admin's screen of no module (SPEC section 2). */
  test: path('/test'),
  /** New Nonprofit: nonprofits waiting for approval (its first tab, Pending) and rejected ones. */
  newNonprofits: path(SLUGS.newNonprofit),
  newNonprofitView: path('/master/master_view/:id'),
  charityList: path(SLUGS.charity),
  charityAdd: path('/master/charity_add'),
  charityEdit: path('/master/charity_edit/:id'),
  charityView: pathWithId('/master/charity_views'),
  /** A nonprofit admin's own nonprofit. */
  myNonprofit: path('/my_nonprofit'),
  causeList: path(SLUGS.cause),
  causeAdd: path('/cause/cause_add'),
  causeEdit: path('/cause/cause_edit/:id'),
  categoryList: path(SLUGS.charityCategory),
  subAdminList: path(SLUGS.subAdmin),
  subAdminAdd: path('/sub_admin/sub_admin_add'),
  subAdminEdit: path('/sub_admin/sub_admin_edit/:id'),
  subAdminView: path('/sub_admin/sub_admin_view/:id'),
  // Giving: donors, transactions, subscribed donors
  donorList: path(SLUGS.donor),
  donorAdd: path('/donor/donor_add'),
  donorEdit: path('/donor/donor_edit/:id'),
  donorView: path('/donor/donor_view/:id'),
  transactionList: path(SLUGS.transaction),
  transactionView: path('/transaction/transaction_view/:id'),
  subscribedDonorList: path(SLUGS.subscribedDonor),
  // Giving: partners, badges, service charges
  pendingPartnerList: path(SLUGS.pendingPartner),
  /** A giving partner; `?action=approve|reject` opens that decision's dialog. */
  partnerView: pathWithAction<'/strategic/strategic_view/:id', 'approve' | 'reject'>('/strategic/strategic_view/:id'),
  partnerList: path(SLUGS.partner),
  badgeList: path(SLUGS.badge),
  badgeEdit: path('/badge/badge_edit/:id'),
  serviceCharges: path(SLUGS.serviceCharges),
  // Content: pages, leadership, FAQs, contact messages, the giving-partner page
  homepage: path(SLUGS.homepage),
  privacyPolicy: path(SLUGS.privacyPolicy),
  termsOfUse: path(SLUGS.termsOfUse),
  aboutUs: path(SLUGS.aboutUs),
  leadershipList: path(SLUGS.leadership),
  leadershipAdd: path('/content_management/add_leadership'),
  leadershipEdit: path('/content_management/edit_leadership/:id'),
  leadershipView: path('/content_management/view_leadership/:id'),
  faqCategoryList: path(SLUGS.faqCategory),
  faqList: path(SLUGS.faq),
  /** The FAQ list under its other spelling (SPEC section 2 names both). */
  faqListLower: path('/category/faq'),
  /** Add a FAQ; `{ categoryId, categoryName }` starts it in that category. */
  faqAdd: pathWithQuery<'/category/faq/faq_add', 'categoryId' | 'categoryName'>('/category/faq/faq_add'),
  faqEdit: path('/category/faq/faq_edit/:id'),
  contactList: path(SLUGS.contactForm),
  contactView: path('/category/contact_form/contact_form_view/:id'),
  /** The giving-partner content page (no module: SPEC section 2). */
  givingPartnerPage: path('/giving_partner'),
  // Engagement: communities (with their posts), events, reported posts
  communityList: path(SLUGS.community),
  communityAdd: path('/community/community_add'),
  communityEdit: path('/community/community_edit/:id'),
  /** A community's details, members and posts feed (SPEC section 2 spells it with a capital C). */
  communityView: path('/community/Community_view/:id'),
  eventList: path(SLUGS.event),
  eventAdd: path('/event/event_add'),
  eventEdit: path('/event/event_edit/:id'),
  eventView: path('/event/event_view/:id'),
  reportPostList: path(SLUGS.reportPost),
  // Chat and notifications
  notification: path(SLUGS.notification),
  chat: path(SLUGS.chat),
  /** The audit trail: the main admin's only (no module, SPEC section 2). */
  auditLog: path('/audit_log'),
  /** The Trash (issue 36): deleted records of every module the user may delete in. */
  trash: path('/trash'),
} as const

export type PathName = keyof typeof paths

/** The pattern of every screen's route (all paths but the shell's home). */
export type RoutePattern = Exclude<(typeof paths)[PathName]['pattern'], typeof paths.home.pattern>
