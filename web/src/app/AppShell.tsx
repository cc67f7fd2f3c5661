/**
 * The protected shell at `/`: needs a session, renders the sidebar menu, the header with the
 * account menu, the breadcrumbs and the current screen; and guards sub-admins: a screen whose
 * permission they lack sends them back one page (or to their home screen without history),
 * with a notice saying why.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { Badge, Breadcrumb, Button, Dropdown, Grid, Layout, Menu, type MenuProps } from 'antd'
import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router'
import {
  breadcrumbsOf,
  buildMenu,
  canAccessRoute,
  homePathOf,
  isMenuGroup,
  menuRouteOf,
  type AppRoute,
  type RouteHandle,
} from '../routes'
import { clearSession, fullName, isCharityAdminUser, sessionEndedHere, useSession } from '../lib/session'
import { HEADER_HEIGHT, toast } from '../lib/toast'
import { canGoBack } from '../lib/navigation'
import { logout } from '../features/auth/api/logout'
import { unreadLabel, useChatUnread, useUnreadRefresh } from '../features/chat/unread'
import { paths } from '../paths'
import { ServerState } from './ServerState'
import { Heading } from '../components/Heading'
import { Outcome } from '../components/Outcome'
import { menuIcon } from './menu-icons'

/**
 * The header's Search (issue 36's command palette): a chunk of its own, fetched as the shell
 * mounts, so that no screen's first load carries it (the route budgets). Until it arrives the
 * header keeps its place.
 */
const PaletteLauncher = lazy(() =>
  import('../features/search/PaletteLauncher').then((m) => ({ default: m.PaletteLauncher })),
)

/** The notice of a user the guard sends away from a page it may not open. */
export const NO_ACCESS_MESSAGE = 'You do not have access to that page'

/** The Message entry's unread badge: white on it reads 5.6:1 (lib/theme.ts colorError). */
const UNREAD_BADGE = '#cf1322'

/** The route-table entry of the deepest matched route. */
function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined
    if (handle?.route) return handle.route
  }
  return undefined
}

export function AppShell() {
  const user = useSession((s) => s.user)
  const navigate = useNavigate()
  const { pathname, search, key: locationKey } = useLocation()
  const current = useCurrentRoute()
  const screens = Grid.useBreakpoint()
  const [collapsed, setCollapsed] = useState(false)
  const isSmall = screens.md === false

  const allowed = !current || canAccessRoute(user, current)
  const home = homePathOf(user)

  useEffect(() => {
    if (!user || allowed) return
    // Sent away, the user is told why (one notice, however often the guard fires).
    if (canGoBack(locationKey)) navigate(-1)
    else if (home && home !== pathname) navigate(home, { replace: true })
    else return
    toast.warning(NO_ACCESS_MESSAGE, 'no-access')
  }, [user, allowed, home, pathname, locationKey, navigate])

  const menu = useMemo(() => buildMenu(user), [user])
  // The Message entry carries the count of conversations with unread messages.
  const hasChat = useMemo(
    () =>
      menu.some((n) => (isMenuGroup(n) ? n.children.some((l) => l.path === paths.chat()) : n.path === paths.chat())),
    [menu],
  )
  useUnreadRefresh(hasChat)
  const unreadRooms = useChatUnread((s) => s.rooms)
  // Each title is its own tooltip: the full text shows on hover wherever it might be cut.
  const menuItems: MenuProps['items'] = useMemo(
    () =>
      menu.map((node) =>
        isMenuGroup(node)
          ? {
              key: node.key,
              icon: menuIcon(node.icon),
              label: <span title={node.title}>{node.title}</span>,
              children: node.children.map((leaf) => ({
                key: leaf.key,
                icon: menuIcon(leaf.icon),
                label: (
                  <Link to={leaf.path} title={leaf.title}>
                    {leaf.title}
                  </Link>
                ),
              })),
            }
          : {
              key: node.key,
              icon: menuIcon(node.icon),
              label:
                node.path === paths.chat() && unreadRooms > 0 ? (
                  <Link to={node.path} title={node.title} aria-label={unreadLabel(node.title, unreadRooms)}>
                    {node.title}{' '}
                    <Badge count={unreadRooms} size="small" color={UNREAD_BADGE} style={{ boxShadow: 'none' }} />
                  </Link>
                ) : (
                  <Link to={node.path} title={node.title}>
                    {node.title}
                  </Link>
                ),
            },
      ),
    [menu, unreadRooms],
  )

  const selectedKey = current?.module ? (menuRouteOf(current.module, user)?.path ?? pathname) : pathname
  const currentGroupKey = current?.group ? `group:${current.group}` : undefined
  // The groups open in the open menu. The collapsed menu shows a group as a pop-up and closes
  // them all when it collapses: its own keys, so the open menu (the phone's drawer) comes back
  // as it was, with the current page's group open.
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroupKey ? [currentGroupKey] : [])
  const [popupKeys, setPopupKeys] = useState<string[]>([])
  const withCurrentGroup = (keys: string[]) =>
    currentGroupKey && !keys.includes(currentGroupKey) ? [...keys, currentGroupKey] : keys
  // Opening a screen of a group opens that group in the menu.
  const [shownGroupKey, setShownGroupKey] = useState(currentGroupKey)
  if (shownGroupKey !== currentGroupKey) {
    setShownGroupKey(currentGroupKey)
    setOpenKeys(withCurrentGroup(openKeys))
  }
  const toggleMenu = (next: boolean) => {
    setCollapsed(next)
    if (!next) setOpenKeys(withCurrentGroup(openKeys))
  }

  // Signed out: to the sign-in. A visitor who opened this page without a session (a deep link)
  // is brought back here once signed in; a session that ended here (logout, a changed password)
  // starts again from home.
  if (!user)
    return <Navigate to={paths.signIn()} replace state={sessionEndedHere() ? undefined : { from: pathname + search }} />

  const onAccountMenu: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'change-password') {
      navigate(paths.changePassword())
      return
    }
    if (key === 'two-factor') {
      navigate(paths.twoFactor())
      return
    }
    if (key === 'logout') {
      try {
        const res = await logout({ refreshToken: user.refreshToken })
        if (res.message) toast.success(res.message)
      } catch {
        // The session ends whatever the server answered.
      } finally {
        clearSession()
        navigate(paths.signIn(), { replace: true })
      }
    }
  }

  const crumbs = current ? breadcrumbsOf(current, user) : []

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isSmall && !collapsed && (
        <div
          aria-hidden
          onClick={() => toggleMenu(true)}
          style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.35)', zIndex: 99 }}
        />
      )}
      <Layout.Sider
        width={260}
        collapsible
        collapsed={collapsed}
        onCollapse={toggleMenu}
        breakpoint="lg"
        collapsedWidth={isSmall ? 0 : 80}
        trigger={null}
        style={
          isSmall
            ? { position: 'fixed', left: 0, top: 0, bottom: 0, zIndex: 100, height: '100vh', overflow: 'auto' }
            : { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }
        }
      >
        <div
          style={{
            height: 64,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#fff',
            fontWeight: 600,
            fontSize: collapsed ? 14 : 18,
            whiteSpace: 'nowrap',
          }}
        >
          {collapsed ? 'GC' : 'Giving Console'}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          className="gc-main-menu"
          aria-label="Main menu"
          items={menuItems}
          selectedKeys={[selectedKey]}
          openKeys={collapsed ? popupKeys : openKeys}
          onOpenChange={(keys) => (collapsed ? setPopupKeys : setOpenKeys)(keys as string[])}
          onClick={() => isSmall && toggleMenu(true)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            borderBottom: '1px solid #f0f0f0',
            height: HEADER_HEIGHT,
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? 'Open menu' : 'Close menu'}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => toggleMenu(!collapsed)}
          />
          <Heading level={4} style={{ margin: 0, flex: 1 }}>
            Giving Console
          </Heading>
          {!isCharityAdminUser(user) && (
            <Suspense fallback={<span aria-hidden style={{ width: isSmall ? 32 : 220 }} />}>
              <PaletteLauncher compact={isSmall} />
            </Suspense>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              onClick: onAccountMenu,
              items: [
                { key: 'change-password', icon: <KeyOutlined />, label: 'Change Password' },
                ...(isCharityAdminUser(user)
                  ? []
                  : [{ key: 'two-factor', icon: <SafetyOutlined />, label: 'Two-factor sign-in' }]),
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: 'Logout' },
              ],
            }}
          >
            <Button type="text" data-testid="account-menu" icon={<UserOutlined />}>
              {fullName(user) || user.email}
              <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        </Layout.Header>
        {/* Focusable by script (tabIndex -1): where the focus goes when what held it closes (a delete's Undo toast). */}
        <Layout.Content tabIndex={-1} style={{ padding: isSmall ? 12 : 24, outline: 'none' }}>
          {crumbs.length > 0 && (
            <Breadcrumb
              style={{ marginBottom: 16 }}
              items={crumbs.map((c) => ({ title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title }))}
            />
          )}
          {allowed ? (
            <ServerState>
              <Outlet />
            </ServerState>
          ) : !home || home === pathname ? (
            <Outcome status="forbidden" title="403" subTitle="You are not allowed to view this page." />
          ) : null}
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
