/**
 * antd's Modal, for a dialog that is closed until someone opens it (a confirm, the link of a
 * rich text): the Modal's code (about 11 kB brotli) is fetched once the screen is shown, not
 * with it, so that every screen's first load keeps its budget (scripts/bundle-size.mjs), and is
 * there by the first click. It takes Modal's props; once opened it stays mounted, so that
 * closing plays the dialog's animation. A fetch that fails shows when it is opened (the
 * error fallback).
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import type { ModalProps } from 'antd'

const load = () => import('./modal-module')
const Modal = lazy(load)

export function LazyModal(props: ModalProps) {
  const [opened, setOpened] = useState(Boolean(props.open))
  if (props.open && !opened) setOpened(true)
  useEffect(() => {
    load().catch(() => {})
  }, [])
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  )
}
