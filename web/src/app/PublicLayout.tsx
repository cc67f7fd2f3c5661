import { Layout, Typography } from 'antd'
import { Navigate, Outlet, useLocation } from 'react-router'
import { homePathOf } from '../routes'
import { useSession } from '../lib/session'
import { paths } from '../paths'

const SIGN_IN_PATHS = [paths.signIn(), paths.charitySignIn()]

/** Frame of the public screens; a signed-in user opening a sign-in screen goes to the dashboard. */
export function PublicLayout() {
  const user = useSession((s) => s.user)
  const { pathname } = useLocation()
  if (user && SIGN_IN_PATHS.includes(pathname)) {
    return <Navigate to={homePathOf(user) ?? paths.dashboard()} replace />
  }
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #e8f3ef 0%, #f5f7fa 60%)' }}>
      <Layout.Content style={{ display: 'grid', placeItems: 'center', padding: 24 }}>
        <div style={{ width: '100%', maxWidth: 420 }}>
          <Typography.Title level={3} style={{ textAlign: 'center', color: '#1f6f5c', marginBottom: 24 }}>
            Giving Console
          </Typography.Title>
          <Outlet />
        </div>
      </Layout.Content>
    </Layout>
  )
}
