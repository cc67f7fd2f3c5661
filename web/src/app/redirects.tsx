import { Navigate } from 'react-router'
import { useSession } from '../lib/session'
import { homePathOf } from '../routes'
import { paths } from '../paths'

/** `/` inside the shell: the dashboard (or the first screen the user may open). */
export function HomeRedirect() {
  const user = useSession((s) => s.user)
  return <Navigate to={homePathOf(user) ?? paths.dashboard()} replace />
}

/**
 * Unknown paths: /signin when signed out, else the user's home (the dashboard, or the first
 * screen they may open: no detour through a page the guard would refuse).
 */
export function CatchAll() {
  const user = useSession((s) => s.user)
  return <Navigate to={user ? (homePathOf(user) ?? paths.dashboard()) : paths.signIn()} replace />
}
