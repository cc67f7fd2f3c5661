import { Navigate } from 'react-router'
import { useSession } from '../lib/session'
import { paths } from '../paths'

/**
 * Unknown paths: /signin when signed out, else the shell's home, which sends the user on to
 * their home screen (the dashboard, or the first screen they may open: no detour through a page
 * the guard would refuse). The entry holds this without the route table.
 */
export function CatchAll() {
  const user = useSession((s) => s.user)
  return <Navigate to={user ? paths.home() : paths.signIn()} replace />
}
