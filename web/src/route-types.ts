/**
 * The types of the route table (routes.tsx). A file of its own so that the public routes
 * (public-routes.ts), which the entry loads without the table, share them.
 */
import type { Action } from './lib/modules'
import type { RoutePattern } from './paths'

/** A menu icon's name (app/menu-icons.tsx draws it). */
export type MenuIcon =
  | 'appstore'
  | 'bank'
  | 'calendar'
  | 'dashboard'
  | 'delete'
  | 'flag'
  | 'folder'
  | 'heart'
  | 'message'
  | 'notification'
  | 'solution'
  | 'tags'
  | 'team'

export type RouteLayout = 'public' | 'shell'

export interface RouteDef {
  /** Its screen is app/screens.ts's entry of the same pattern. */
  path: RoutePattern
  /** Page title, used by the breadcrumbs (menu entries use their module's title). */
  title?: string
  /** 'public': outside the shell, no session needed; 'shell': inside the protected shell. */
  layout: RouteLayout
  /** Module slug (proto/modules.json) whose permission the screen needs. */
  module?: string
  /** Action needed on the module: view for list/view screens, add for *_add, edit for *_edit. */
  action?: Action
  /** True for the module's menu entry. */
  menu?: boolean
  icon?: MenuIcon
  /**
   * Who may open it: 'main' (the main admin only: a screen of no module, SPEC section 2),
   * 'staff' (main admin and sub-admins) or 'charity' (nonprofit admins); anyone with the
   * permission when absent. A module may have one menu entry per audience.
   */
  audience?: 'main' | 'staff' | 'charity'
  /**
   * A screen across modules (no `module`): who holds `action` on any one of `modules` may open
   * it, the main admin always (the Trash: the delete right of a module with a trash).
   */
  anyOf?: { action: Action; modules: readonly string[] }
  /** Menu group: the module's when absent. */
  group?: string | null
}

export interface AppRoute extends RouteDef {
  title: string
  /** Menu title: the module's title, for menu entries only. */
  menuTitle?: string
  /** Parent menu group of the module, or null. */
  group: string | null
}

/** What each route object of the router carries: its entry of the table. */
export interface RouteHandle {
  route: AppRoute
}
