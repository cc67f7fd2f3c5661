import { useEffect } from 'react'
import { Spin } from 'antd'
import { Outlet, useLocation, useNavigation } from 'react-router'
import { useLoading } from '../lib/loading'

/** Scrolls to the top whenever the path changes. */
function ScrollToTop() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}

/** The global spinner: shown while requests run or a screen's code loads. */
function GlobalSpinner() {
  const pending = useLoading((s) => s.pending)
  const navigation = useNavigation()
  const busy = pending > 0 || navigation.state === 'loading'
  return <Spin fullscreen spinning={busy} delay={150} />
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <GlobalSpinner />
      <Outlet />
    </>
  )
}

export function PageSpinner() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Spin size="large" />
    </div>
  )
}
