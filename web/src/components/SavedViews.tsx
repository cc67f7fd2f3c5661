/**
 * A list's saved views (issue 36), beside its search box: ListCard renders it, so every list at
 * a module's route has it and no screen writes any of it (a list elsewhere, and a nonprofit
 * admin, get nothing). The "Views" button opens a panel under it that lists the account's views
 * of this list by name (the one the URL shows is marked current: aria-current and a check),
 * each with its Delete; choosing one opens `?{its query}` on page 1. "Save view" keeps the
 * URL's view under a name (ConfirmDialog's Name; the name of the current view is offered, and
 * saving a kept name replaces that view), "Copy link" copies the view's full address.
 *
 * The panel follows the button in the page, so Tab goes from the button into it; the arrow
 * keys (and Home, End) move between its items, Escape closes it and returns to the button, as
 * does a click outside. The views are asked for when the panel first opens (not with every
 * list's first rows), through TanStack Query (lib/saved-views.ts).
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Button, Input, theme } from 'antd'
import { CheckOutlined, DeleteOutlined, DownOutlined, LinkOutlined, SaveOutlined } from '@ant-design/icons'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { ConfirmDialog } from './ConfirmDialog'
import { DELETE_TITLE } from './RowStatus'
import { Text } from './Text'
import { findModule } from '../lib/modules'
import { isCharityAdminUser, useSession } from '../lib/session'
import { LIMITS, overLimit } from '../lib/limits'
import { useRefresh } from '../lib/query'
import { toast } from '../lib/toast'
import {
  currentView,
  deleteSavedView,
  listSavedViews,
  roomFor,
  savedViewsKey,
  saveView,
  viewQuery,
  type SavedView,
} from '../lib/saved-views'

/** The saved views of the list at the current route, when that route is a module's list. */
export function SavedViews() {
  const { pathname } = useLocation()
  const user = useSession((s) => s.user)
  const module = findModule(pathname)
  if (!module || !user || isCharityAdminUser(user)) return null
  return <SavedViewsControl list={module.slug} title={module.title} />
}

/** The panel's width, at most the window's less `PANEL_INSET` each side; it keeps `EDGE` from the window's right edge. */
const PANEL_WIDTH = 320
const PANEL_INSET = 24
const EDGE = 12

/** The items the arrow keys move between. */
const ITEM = '[data-view-item]'

type Dialog = { kind: 'save' } | { kind: 'delete'; view: SavedView } | null

function SavedViewsControl({ list, title }: { list: string; title: string }) {
  const { token } = theme.useToken()
  const { search, pathname } = useLocation()
  const navigate = useNavigate()
  const refresh = useRefresh('savedView')
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  // Asked for once the panel has been opened; kept (and refreshed) from then on.
  const [wanted, setWanted] = useState(false)
  const [dialog, setDialog] = useState<Dialog>(null)
  // Shown when the browser does not let the page copy: the link to copy by hand.
  const [linkToCopy, setLinkToCopy] = useState<string | null>(null)

  const views = useQuery({ queryKey: savedViewsKey(list), queryFn: () => listSavedViews(list), enabled: wanted })
  const kept = views.data ?? []
  const current = currentView(kept, search)
  const query = viewQuery(search)

  const close = useCallback((focusButton: boolean) => {
    setOpen(false)
    setLinkToCopy(null)
    if (focusButton) buttonRef.current?.focus()
  }, [])

  // A click outside closes the panel.
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) close(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open, close])

  const toggle = () => {
    setWanted(true)
    if (open) close(false)
    else setOpen(true)
  }

  const items = () => [...(rootRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])]

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault()
      close(true)
      return
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return
    const all = items()
    const at = all.indexOf(document.activeElement as HTMLElement)
    if (at < 0 && e.target !== buttonRef.current) return
    e.preventDefault()
    if (!open) {
      setWanted(true)
      setOpen(true)
      return
    }
    if (all.length === 0) return
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? all.length - 1
          : e.key === 'ArrowDown'
            ? (at + 1) % all.length
            : at <= 0
              ? all.length - 1
              : at - 1
    all[next].focus()
  }

  // Opened by the arrow keys: the first item takes the focus once the views are there.
  const focusFirst = useRef(false)
  useEffect(() => {
    if (open && focusFirst.current && !views.isPending) {
      focusFirst.current = false
      items()[0]?.focus()
    }
  })

  const apply = (view: SavedView) => {
    close(true)
    navigate({ pathname, search: view.query ? `?${view.query}` : '' })
  }

  const openDialog = (next: Dialog) => {
    close(false)
    setDialog(next)
  }
  const endDialog = () => {
    setDialog(null)
    buttonRef.current?.focus()
  }

  const saving = useMutation({
    mutationFn: (name: string) => saveView({ list, name, query }),
    onSuccess: async (res) => {
      toast.success(res.message || 'View saved')
      endDialog()
      await refresh()
    },
  })
  const deleting = useMutation({
    mutationFn: (view: SavedView) => deleteSavedView(view),
    onSuccess: (res) => toast.success(res.message || 'View deleted'),
    onSettled: async () => {
      endDialog()
      await refresh()
    },
  })

  const link = `${window.location.origin}${pathname}${query ? `?${query}` : ''}`
  const copyLink = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard')
      await navigator.clipboard.writeText(link)
      setLinkToCopy(null)
      toast.success('Link copied')
    } catch {
      setLinkToCopy(link)
      toast.warning('This browser did not let the console copy: copy the link shown under Views')
    }
  }

  const nameRule = (name: unknown) => overLimit(LIMITS.savedView.query, query) ?? roomFor(kept, name)

  // The panel starts under the button, moved left as far as it must to end inside the window.
  const [shift, setShift] = useState(0)
  useLayoutEffect(() => {
    if (!open) return
    const place = () => {
      const at = rootRef.current?.getBoundingClientRect()
      if (!at) return
      const room = document.documentElement.clientWidth - EDGE
      const over = at.left + Math.min(PANEL_WIDTH, window.innerWidth - 2 * PANEL_INSET) - room
      setShift(over > 0 ? -Math.min(over, Math.max(0, at.left - EDGE)) : 0)
    }
    place()
    window.addEventListener('resize', place)
    return () => window.removeEventListener('resize', place)
  }, [open])

  const panel = {
    position: 'absolute' as const,
    top: '100%',
    left: shift,
    zIndex: token.zIndexPopupBase + 50,
    marginTop: token.marginXXS,
    width: `min(${PANEL_WIDTH}px, calc(100vw - ${2 * PANEL_INSET}px))`,
    padding: token.paddingXS,
    background: token.colorBgElevated,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
  }

  return (
    <div
      ref={rootRef}
      style={{ position: 'relative' }}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Focus that left for the page (Tab past the panel) closes it; a dialog opening closes it too.
        if (open && e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) close(false)
      }}
    >
      <Button
        ref={buttonRef}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        onKeyDown={(e) => {
          if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !open) focusFirst.current = true
        }}
      >
        Views <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
      {open && (
        <div id={panelId} role="group" aria-label={`Saved views of ${title}`} style={panel}>
          {views.isPending ? (
            <Text type="secondary" role="status" style={{ display: 'block', padding: token.paddingXS }}>
              Loading saved views…
            </Text>
          ) : views.isError ? (
            <Text type="secondary" role="status" style={{ display: 'block', padding: token.paddingXS }}>
              The saved views could not be loaded
            </Text>
          ) : kept.length === 0 ? (
            <Text type="secondary" style={{ display: 'block', padding: token.paddingXS }}>
              No saved views of this list yet
            </Text>
          ) : (
            <ul
              aria-label="Saved views"
              style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 288, overflowY: 'auto' }}
            >
              {kept.map((v) => {
                const isCurrent = v._id === current?._id
                return (
                  <li key={v._id} style={{ display: 'flex', alignItems: 'center', gap: token.marginXXS }}>
                    <Button
                      type="text"
                      data-view-item=""
                      aria-current={isCurrent ? 'true' : undefined}
                      icon={<CheckOutlined aria-hidden style={{ visibility: isCurrent ? 'visible' : 'hidden' }} />}
                      onClick={() => apply(v)}
                      style={{
                        flex: 1,
                        minWidth: 0,
                        justifyContent: 'flex-start',
                        fontWeight: isCurrent ? 600 : undefined,
                      }}
                    >
                      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {v.name}
                      </span>
                    </Button>
                    <Button
                      type="text"
                      danger
                      data-view-item=""
                      aria-label={`Delete view ${v.name}`}
                      icon={<DeleteOutlined aria-hidden />}
                      onClick={() => openDialog({ kind: 'delete', view: v })}
                    />
                  </li>
                )
              })}
            </ul>
          )}
          <div
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: token.marginXS,
              marginTop: token.marginXS,
              paddingTop: token.paddingXS,
              borderTop: `${token.lineWidth}px ${token.lineType} ${token.colorSplit}`,
            }}
          >
            <Button data-view-item="" icon={<SaveOutlined aria-hidden />} onClick={() => openDialog({ kind: 'save' })}>
              Save view
            </Button>
            <Button data-view-item="" icon={<LinkOutlined aria-hidden />} onClick={() => void copyLink()}>
              Copy link
            </Button>
          </div>
          {linkToCopy && (
            <div style={{ marginTop: token.marginXS }}>
              <label htmlFor={`${panelId}-link`} style={{ display: 'block', marginBottom: token.marginXXS }}>
                Copy this link
              </label>
              <Input
                id={`${panelId}-link`}
                data-view-item=""
                readOnly
                autoFocus
                value={linkToCopy}
                onFocus={(e) => e.target.select()}
              />
            </div>
          )}
        </div>
      )}
      <ConfirmDialog
        open={dialog?.kind === 'save'}
        title="Save view"
        text="Keeps this list's search, filters, sort and page size under a name. Saving the name of a view you keep replaces it."
        withName
        initialName={current?.name}
        nameLimit={LIMITS.savedView.name}
        nameRule={nameRule}
        submitLabel="Save"
        cancelLabel="Cancel"
        onConfirm={async ({ name }) => {
          await saving.mutateAsync(name ?? '')
        }}
        onCancel={endDialog}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={DELETE_TITLE}
        text={dialog?.kind === 'delete' ? `The saved view ${dialog.view.name} is deleted.` : undefined}
        onConfirm={async () => {
          if (dialog?.kind === 'delete') await deleting.mutateAsync(dialog.view)
        }}
        onCancel={endDialog}
      />
    </div>
  )
}
