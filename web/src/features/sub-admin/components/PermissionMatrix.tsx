/**
 * The permission matrix of the sub-admin form: one row per module of proto/modules.json,
 * one column per grantable action. A row offers a checkbox only for the actions its module
 * offers; other cells stay empty. Works as an antd form control (value / onChange).
 * Actions the user may not grant (`grantable`) are left out, or shown checked and disabled
 * when held, and no control changes them; modules left out of `modules` keep their value.
 * On a phone the module column stays put while the checkboxes scroll sideways.
 */
import { useMemo } from 'react'
import { Checkbox } from 'antd'
import { TableView } from '../../../components/TableView'
import { Text } from '../../../components/Text'
import type { ColumnsType } from 'antd/es/table'
import { ACTIONS, MODULES, type Action, type ModuleDef } from '../../../lib/modules'
import { SideScroll } from '../../../components/SideScroll'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../../../lib/use-media-query'
import type { SubAdminPermission } from '../types'

export interface PermissionMatrixProps {
  value?: SubAdminPermission[]
  onChange?: (value: SubAdminPermission[]) => void
  /** Modules to offer (all of modules.json by default). */
  modules?: ModuleDef[]
  /** Whether the user may grant or remove an action (all by default). */
  grantable?: (slug: string, action: Action) => boolean
  disabled?: boolean
  id?: string
}

const MODULE_COLUMN_WIDTH_SMALL = 120

const actionLabel = (action: Action) => action.charAt(0).toUpperCase() + action.slice(1)

export function PermissionMatrix({
  value,
  onChange,
  modules = MODULES,
  grantable = () => true,
  disabled = false,
  id,
}: PermissionMatrixProps) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const granted = useMemo(() => {
    const map = new Map<string, Set<Action>>()
    for (const p of value ?? []) map.set(p.slug, new Set(p.actions))
    return map
  }, [value])

  const settable = (mod: ModuleDef, action: Action) => !disabled && grantable(mod.slug, action)

  // Every module of modules.json, so those not shown keep what they hold.
  const emit = (next: Map<string, Set<Action>>) => {
    const list: SubAdminPermission[] = []
    for (const mod of MODULES) {
      const actions = mod.actions.filter((a) => next.get(mod.slug)?.has(a))
      if (actions.length > 0) list.push({ slug: mod.slug, actions })
    }
    onChange?.(list)
  }

  /** The module's actions after asking for `wanted`: only the settable ones follow it. */
  const applied = (mod: ModuleDef, wanted: (a: Action) => boolean) =>
    new Set(mod.actions.filter((a) => (settable(mod, a) ? wanted(a) : granted.get(mod.slug)?.has(a))))

  const setActions = (mod: ModuleDef, wanted: (a: Action) => boolean) => {
    const next = new Map(granted)
    next.set(mod.slug, applied(mod, wanted))
    emit(next)
  }

  const toggle = (mod: ModuleDef, action: Action, on: boolean) => {
    const current = granted.get(mod.slug) ?? new Set<Action>()
    setActions(mod, (a) => (a === action ? on : current.has(a)))
  }

  const countGranted = (mod: ModuleDef) => mod.actions.filter((a) => granted.get(mod.slug)?.has(a)).length
  const anySettable = (mod: ModuleDef) => mod.actions.some((a) => settable(mod, a))
  /** Whether every action the user may set on the module is on (the All box then clears them). */
  const settableAllOn = (mod: ModuleDef) => mod.actions.every((a) => !settable(mod, a) || granted.get(mod.slug)?.has(a))
  const everything = modules.every((m) => countGranted(m) === m.actions.length)
  const nothing = modules.every((m) => countGranted(m) === 0)

  const setEverything = (on: boolean) => {
    const next = new Map(granted)
    for (const mod of modules)
      next.set(
        mod.slug,
        applied(mod, () => on),
      )
    emit(next)
  }

  const columns: ColumnsType<ModuleDef> = [
    {
      title: 'Module',
      dataIndex: 'title',
      key: 'title',
      // Stays in view while the checkboxes scroll under it; narrow on a phone (the title wraps).
      fixed: 'left',
      width: small ? MODULE_COLUMN_WIDTH_SMALL : undefined,
      render: (title: string) => <Text strong>{title}</Text>,
    },
    // A phone leaves the group out: the module names the row, the checkboxes need the room.
    ...(small
      ? []
      : [
          {
            title: 'Group',
            dataIndex: 'group',
            key: 'group',
            render: (group: string | null) => group ?? <Text type="secondary">—</Text>,
          },
        ]),
    ...ACTIONS.map((action) => ({
      title: actionLabel(action),
      key: action,
      align: 'center' as const,
      render: (_: unknown, mod: ModuleDef) =>
        // An action the user may not grant is shown only when the sub-admin holds it.
        mod.actions.includes(action) && (grantable(mod.slug, action) || granted.get(mod.slug)?.has(action)) ? (
          <Checkbox
            aria-label={`${mod.title}: ${action}`}
            checked={granted.get(mod.slug)?.has(action) ?? false}
            disabled={!settable(mod, action)}
            onChange={(e) => toggle(mod, action, e.target.checked)}
          />
        ) : null,
    })),
    {
      title: 'All',
      key: 'all',
      align: 'center' as const,
      render: (_: unknown, mod: ModuleDef) => {
        const count = countGranted(mod)
        return (
          <Checkbox
            aria-label={`${mod.title}: all`}
            checked={count === mod.actions.length}
            indeterminate={count > 0 && count < mod.actions.length}
            disabled={!anySettable(mod)}
            onChange={() => setActions(mod, () => !settableAllOn(mod))}
          />
        )
      },
    },
  ]

  return (
    <div id={id} data-testid="permission-matrix">
      <div style={{ marginBottom: 8 }}>
        <Checkbox
          checked={everything}
          indeterminate={!everything && !nothing}
          disabled={!modules.some(anySettable)}
          onChange={() => setEverything(!modules.every(settableAllOn))}
        >
          Select all permissions
        </Checkbox>
      </div>
      <SideScroll label="Permissions">
        <TableView<ModuleDef>
          aria-label="Permissions"
          columns={columns}
          rows={modules}
          rowKey="slug"
          size="small"
          bordered
          scrollX
          empty="No modules"
        />
      </SideScroll>
    </div>
  )
}
