import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { MODULES } from '../../../../lib/modules'

const LIST = 'POST /admin/audit/auditList'
const EXCEL = 'POST /admin/audit/auditList-excel'
const VERIFY = 'GET /admin/audit/verify'
const FILTERS = 'GET /admin/audit/filters'
const GET = 'GET /admin/audit/get/r2'

const when = new Date(2024, 2, 5, 15, 7).getTime()
const created = {
  _id: 'r1',
  seq: 1,
  occurredAt: when,
  actorId: 'a1',
  actorName: 'Ann Admin',
  accountType: 'Admin',
  address: '10.0.0.1',
  module: '/category',
  entity: 'faq_category',
  entityId: 'c1',
  action: 'created',
  eventType: 'content.faq_category.created',
  changes: { name: { before: null, after: 'Giving' } },
  traceId: '',
  recordedAt: when,
  hash: 'h1',
  prevHash: '',
}
const updated = {
  ...created,
  _id: 'r2',
  seq: 2,
  action: 'updated',
  eventType: 'content.faq_category.updated',
  changes: { name: { before: 'Giving', after: 'Gifts' }, tags: { before: ['a'], after: { x: 1 } } },
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(LIST, [200, { message: 'ok', data: [updated, created], total_records: 2 }])
    .on(FILTERS, [
      200,
      { message: 'ok', data: { modules: ['/category', '/donor'], entities: ['donor', 'faq_category'] } },
    ])
    .on(GET, [200, { message: 'ok', data: { ...updated, payload: { id: 'c1', name: 'Gifts' } } }])
})

afterEach(() => {
  api.restore()
  vi.restoreAllMocks()
})

const listBodies = () => api.callsTo(LIST).map((c) => c.body as Record<string, unknown>)

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label))
  const found = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(found[found.length - 1])
}

describe('Audit log', () => {
  it('lists records newest first with when, actor, type, module, entity, id and action', async () => {
    renderApp('/audit_log', mainAdmin)
    expect(await screen.findByText('updated')).toBeTruthy()
    expect(screen.getByText('created')).toBeTruthy()
    expect(screen.getAllByText('Mar 5 2024,3:07 pm')).toHaveLength(2)
    expect(screen.getAllByText('Ann Admin')).toHaveLength(2)
    expect(screen.getAllByText('faq_category')).toHaveLength(2)
    expect(listBodies()[0]).toEqual({ page: 1, limit: 10, search: '', column: 'occurredAt', order: 'desc' })
  })

  it('filters by actor text, module and entity (kept in the URL)', async () => {
    const { router } = renderApp('/audit_log', mainAdmin)
    await screen.findByText('updated')
    await userEvent.type(screen.getByPlaceholderText('Search by actor (name, email, id or address)'), 'sam')
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ actor: 'sam', search: '' }), { timeout: 3000 })
    await pick('Filter by Module', '/donor')
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ module: '/donor', actor: 'sam' }))
    await pick('Filter by Entity', 'donor')
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ module: '/donor', entity: 'donor' }))
    const search = new URLSearchParams(router.state.location.search)
    expect([search.get('module'), search.get('entity')]).toEqual(['/donor', 'donor'])
  })

  it('opens a record and shows its diff: field, before, after (objects as JSON)', async () => {
    renderApp('/audit_log', mainAdmin)
    await screen.findByText('updated')
    await userEvent.click(screen.getByRole('button', { name: 'View changes of record 2' }))
    const table = await screen.findByRole('table', { name: 'Changes' })
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent)
    expect(rows).toContain('nameGivingGifts')
    expect(rows.some((r) => r?.includes('tags') && r.includes('"a"') && r.includes('"x": 1'))).toBe(true)
  })

  it('verifies the chain and shows where it broke', async () => {
    api.on(VERIFY, [
      200,
      {
        message: 'ok',
        data: {
          ok: false,
          checked: 4,
          firstBroken: 5,
          reason: 'hash mismatch: seq 5 was changed after it was recorded',
        },
      },
    ])
    renderApp('/audit_log', mainAdmin)
    await screen.findByText('updated')
    await userEvent.click(screen.getByRole('button', { name: /Verify chain/ }))
    expect((await screen.findByRole('alert')).textContent).toContain('The chain is broken at seq 5: hash mismatch')
  })

  it('exports the current filter as audit-log.xlsx', async () => {
    api.on(EXCEL, [200, new Uint8Array([0x50, 0x4b, 0x03, 0x04])])
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:audit')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    renderApp('/audit_log?module=/category&q=main', mainAdmin)
    await screen.findByText('updated')
    await userEvent.click(screen.getByRole('button', { name: /Export Excel/ }))
    await waitFor(() => expect(saved).toEqual(['audit-log.xlsx']))
    expect(api.callsTo(EXCEL)[0].body).toEqual({ module: '/category', actor: 'main' })
  })

  it('is closed to a sub-admin holding every module', async () => {
    renderApp('/audit_log', subAdmin(Object.fromEntries(MODULES.map((m) => [m.slug, m.actions]))))
    await waitFor(() => expect(screen.queryByText('Audit Log', { selector: '.gc-card-title' })).toBeNull())
    expect(api.callsTo(LIST)).toHaveLength(0)
  })
})
