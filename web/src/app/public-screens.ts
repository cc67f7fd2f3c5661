/**
 * The lazily loaded screens of the public routes (public-routes.ts). app/screens.ts spreads them
 * into the screens of the whole table; the entry routes them without loading that map.
 */
import type { ScreenLoader } from '../lib/lazy-screen'
import { paths } from '../paths'

export const PUBLIC_SCREENS = {
  [paths.signIn.pattern]: () => import('../features/auth/screens/SignInScreen'),
  [paths.charitySignIn.pattern]: () => import('../features/auth/screens/SignInScreen'),
  [paths.forgotPassword.pattern]: () => import('../features/auth/screens/ForgotPasswordScreen'),
  [paths.resetPassword.pattern]: () => import('../features/auth/screens/ResetPasswordScreen'),
  [paths.setPassword.pattern]: () => import('../features/auth/screens/SetPasswordScreen'),
} satisfies Record<string, ScreenLoader>
