import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PermissionMatrix } from '../PermissionMatrix'
import { ACTIONS, MODULES } from '../../../../lib/modules'
import type { SubAdminPermission } from '../../types'
import { pretendSmallScreen } from '../../../../testing/small-screen'

function Harness({
  onChange,
  initial = [],
}: {
  onChange?: (v: SubAdminPermission[]) => void
  initial?: SubAdminPermission[]
}) {
  const [value, setValue] = useState<SubAdminPermission[]>(initial)
  return (
    <PermissionMatrix
      value={value}
      onChange={(next) => {
        setValue(next)
        onChange?.(next)
      }}
    />
  )
}

describe('PermissionMatrix', () => {
  it('offers exactly the actions each module of modules.json offers', () => {
    const { container } = render(<Harness />)
    const labels = new Set(
      [...container.querySelectorAll('input[type="checkbox"]')].map((b) => b.getAttribute('aria-label')),
    )
    for (const mod of MODULES) {
      for (const action of ACTIONS) {
        const offered = mod.actions.includes(action)
        expect(labels.has(`${mod.title}: ${action}`), `${mod.title} ${offered ? 'offers' : 'lacks'} ${action}`).toBe(
          offered,
        )
      }
    }
    const offered = MODULES.reduce((n, m) => n + m.actions.length, 0)
    const actionBoxes = [...labels].filter((l) => ACTIONS.some((a) => l?.endsWith(`: ${a}`)))
    expect(actionBoxes).toHaveLength(offered)
  })

  it('has one row per module, with the ACTIONS header', () => {
    render(<Harness />)
    for (const mod of MODULES) expect(screen.getByText(mod.title)).toBeTruthy()
    for (const header of ['View', 'Add', 'Edit', 'Delete', 'Status']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy()
    }
  })

  it('reports granted actions per module, in the module order', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await userEvent.click(screen.getByLabelText('Sub Admin: edit'))
    expect(onChange).toHaveBeenLastCalledWith([{ slug: '/sub_admin', actions: ['edit'] }])
    await userEvent.click(screen.getByLabelText('Sub Admin: view'))
    expect(onChange).toHaveBeenLastCalledWith([{ slug: '/sub_admin', actions: ['view', 'edit'] }])
    await userEvent.click(screen.getByLabelText('Dashboard: view'))
    expect(onChange).toHaveBeenLastCalledWith([
      { slug: '/dashboard', actions: ['view'] },
      { slug: '/sub_admin', actions: ['view', 'edit'] },
    ])
    await userEvent.click(screen.getByLabelText('Sub Admin: view'))
    await userEvent.click(screen.getByLabelText('Sub Admin: edit'))
    expect(onChange).toHaveBeenLastCalledWith([{ slug: '/dashboard', actions: ['view'] }])
  })

  it("selects all of a row's actions, and only those", async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await userEvent.click(screen.getByLabelText('Badge Management: all'))
    expect(onChange).toHaveBeenLastCalledWith([{ slug: '/badge', actions: ['edit', 'delete'] }])
    await userEvent.click(screen.getByLabelText('Badge Management: all'))
    expect(onChange).toHaveBeenLastCalledWith([])
  })

  it('selects everything with the select-all checkbox', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await userEvent.click(screen.getByLabelText('Select all permissions'))
    expect(onChange).toHaveBeenLastCalledWith(MODULES.map((m) => ({ slug: m.slug, actions: m.actions })))
  })

  it('shows a given value as checked', () => {
    render(<Harness initial={[{ slug: '/donor', actions: ['view', 'status'] }]} />)
    const checked = (name: string) => (screen.getByLabelText(name) as HTMLInputElement).checked
    expect(checked('Donor Management: view')).toBe(true)
    expect(checked('Donor Management: status')).toBe(true)
    expect(checked('Donor Management: add')).toBe(false)
  })

  it('on a small screen keeps the module column in view and leaves the group out', () => {
    const restore = pretendSmallScreen()
    try {
      const { container } = render(<Harness />)
      const heads = [...container.querySelectorAll('thead th')]
      expect(heads.map((th) => th.textContent)).toEqual(['Module', 'View', 'Add', 'Edit', 'Delete', 'Status', 'All'])
      expect(heads[0].className).toMatch(/ant-table-cell-fix-(left|start)/)
      expect(heads[1].className).not.toMatch(/ant-table-cell-fix/)
    } finally {
      restore()
    }
  })

  it('on a large screen shows the group', () => {
    const { container } = render(<Harness />)
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toContain('Group')
  })
})
