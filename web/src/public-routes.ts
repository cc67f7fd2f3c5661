/**
 * The public screens of the route table (routes.tsx spreads them first into its one table). They
 * stand apart so that the entry, which routes the sign-in page, loads them without the protected
 * routes: the sign-in page's first load does not grow with each screen added to the console
 * (app/router.tsx loads the protected routes when a path needs them).
 */
import { paths } from './paths'
import type { AppRoute } from './route-types'

/** Already resolved: a public route has its own title and no module or group. */
export const PUBLIC_ROUTES: AppRoute[] = [
  { path: paths.signIn.pattern, layout: 'public', title: 'Sign In', group: null },
  { path: paths.charitySignIn.pattern, layout: 'public', title: 'Nonprofit Admin Sign In', group: null },
  { path: paths.forgotPassword.pattern, layout: 'public', title: 'Forgot Password', group: null },
  { path: paths.resetPassword.pattern, layout: 'public', title: 'Reset Password', group: null },
  { path: paths.setPassword.pattern, layout: 'public', title: 'Set Password', group: null },
]
