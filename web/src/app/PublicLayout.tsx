import { Navigate, Outlet, useLocation } from 'react-router'
import { Heading } from '../components/Heading'
import { afterSignInPath } from '../lib/navigation'
import { useSession } from '../lib/session'
import { paths } from '../paths'

const SIGN_IN_PATHS = [paths.signIn(), paths.charitySignIn()]

/** Frame of the public screens; a signed-in user opening a sign-in screen goes to the page it asked
 * for when signed out, else to the shell's home (their home screen: the route table is not loaded here). */
export function PublicLayout() {
  const user = useSession((s) => s.user)
  const { pathname, state } = useLocation()
  if (user && SIGN_IN_PATHS.includes(pathname)) {
    // Signed in here: on to the page asked for when signed out (a deep link), else home.
    return <Navigate to={afterSignInPath(state, SIGN_IN_PATHS) ?? paths.home()} replace />
  }
  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', background: 'linear-gradient(160deg, #e8f3ef 0%, #f5f7fa 60%)' }}
    >
      <main style={{ flex: 'auto', display: 'grid', placeItems: 'center', padding: 24 }}>
        <div style={{ width: '100%', maxWidth: 420 }}>
          <Heading level={3} style={{ textAlign: 'center', color: '#1f6f5c', marginBottom: 24 }}>
            Giving Console
          </Heading>
          <Outlet />
        </div>
      </main>
    </div>
  )
}
