import { Navigate } from 'react-router'
import { useSession } from '../lib/session'
import { homePathOf } from '../routes'

/** `/` inside the shell: the dashboard (or the first screen the user may open). */
export function HomeRedirect() {
  const user = useSession((s) => s.user)
  return <Navigate to={homePathOf(user) ?? '/dashboard'} replace />
}

/** Unknown paths: /signin when signed out, /dashboard when signed in. */
export function CatchAll() {
  const user = useSession((s) => s.user)
  return <Navigate to={user ? '/dashboard' : '/signin'} replace />
}
