/**
 * The shared columns of a list (SPEC section 2): dates, Status and Action, for every list
 * that shows, toggles, opens, edits or deletes rows, Restore for a list with a Deleted tab, and
 * the confirmation titles of row actions.
 */
import type { ReactNode } from 'react'
import { Button, Space } from 'antd'
import { StatusSwitch } from './StatusSwitch'
import type { ConfirmRequest } from './useConfirmAction'
import { formatDate } from '../lib/format'
import type { ColumnType, ColumnsType } from 'antd/es/table'
import { DeleteOutlined, EditOutlined, EyeOutlined, UserAddOutlined } from '@ant-design/icons'
import { Link } from 'react-router'

export const DELETE_TITLE = 'Are you sure you want to Delete ?'
export const RESTORE_TITLE = 'Are you sure you want to Restore ?'

/** A list's columns: those given, without the ones its user may not see (`false` or `null`). */
export function columnsOf<T>(...columns: Array<ColumnType<T> | false | null>): ColumnsType<T> {
  return columns.filter((c): c is ColumnType<T> => Boolean(c))
}

/** A sortable date column (SPEC section 9's date format); `key` is the server's sort column. */
export function dateColumn<T>(title: string, key: string): ColumnType<T> {
  return { title, key, dataIndex: key, sorter: true, render: (value: number | null) => formatDate(value) }
}

/** The Status column: a switch per row (where `when` allows) that asks before it changes anything. */
export function statusColumn<T extends { isActive: boolean }>(
  nameOf: (row: T) => string,
  onToggle: (row: T) => void,
  when?: (row: T) => boolean,
): ColumnType<T> {
  return {
    title: 'Status',
    key: 'status',
    render: (_, row) =>
      (when?.(row) ?? true) ? (
        <StatusSwitch name={nameOf(row)} active={row.isActive} onToggle={() => onToggle(row)} />
      ) : null,
  }
}

type ActionLabel = 'View' | 'Edit' | 'Onboard' | 'Delete'

const ICONS: Record<ActionLabel, ReactNode> = {
  View: <EyeOutlined />,
  Edit: <EditOutlined />,
  Onboard: <UserAddOutlined />,
  Delete: <DeleteOutlined />,
}

/** One action of a row: a link to a screen (`to`) or a button (`onClick`), shown when `when` allows. */
export interface RowAction<T> {
  label: ActionLabel
  to?: (row: T) => string
  onClick?: (row: T) => void
  when?: (row: T) => boolean
}

/**
 * The Action column with the actions the user's rights allow (pass `false` for one they do not),
 * or null when none is left (the column is then not shown).
 */
export function actionColumn<T>(
  nameOf: (row: T) => string,
  actions: Array<RowAction<T> | false>,
): ColumnType<T> | null {
  const allowed = actions.filter((a): a is RowAction<T> => a !== false)
  if (allowed.length === 0) return null
  return {
    title: 'Action',
    key: 'action',
    render: (_, row) => (
      <Space size="small" wrap>
        {allowed
          .filter((a) => a.when?.(row) ?? true)
          .map((a) => {
            const label = `${a.label} ${nameOf(row)}`
            return a.to ? (
              <Link key={a.label} to={a.to(row)} aria-label={label}>
                {ICONS[a.label]} {a.label}
              </Link>
            ) : (
              <Button
                key={a.label}
                type="link"
                danger={a.label === 'Delete'}
                size="small"
                icon={ICONS[a.label]}
                aria-label={label}
                onClick={() => a.onClick?.(row)}
              >
                {a.label}
              </Button>
            )
          })}
      </Space>
    ),
  }
}

/** The confirmation title of a pending row action: delete, or the status change it makes. */
export function rowActionTitle(pending: { kind: 'status' | 'delete'; row: { isActive?: boolean } } | null): string {
  if (pending?.kind === 'delete') return DELETE_TITLE
  return pending?.row.isActive ? 'Are you sure Inactive this status ?' : 'Are you sure Active this status ?'
}

/** What a list with a Deleted tab does with its rows (SPEC section 4: one call deletes and restores). */
export interface DeletedTabRows<T> {
  nameOf: (row: T) => string
  /** The Deleted tab is shown. */
  deleted: boolean
  canEdit: boolean
  canDelete: boolean
  view: (row: T) => string
  edit: (row: T) => string
  /** Deletes (true) or restores (false) the row. */
  setDeleted: (row: T, isDeleted: boolean) => Promise<{ message?: string } | undefined>
  /** useConfirmAction's: Delete and Restore ask first. */
  ask: (request: ConfirmRequest) => void
  /** After Delete or Restore (the list's refresh). */
  after: () => void
  /** The module (SLUGS) whose trash keeps the deleted rows: Delete's toast offers Undo when it has one. */
  trash?: string
}

/**
 * The Action column of a list with a Deleted tab (View; Edit and Delete outside the Deleted
 * tab), then in the Deleted tab its Restore column; each only where the rights allow.
 */
export function deletedTabColumns<T extends { _id: string }>({
  nameOf,
  deleted,
  canEdit,
  canDelete,
  view,
  edit,
  setDeleted,
  ask,
  after,
  trash,
}: DeletedTabRows<T>): Array<ColumnType<T> | null | false> {
  const confirm = (row: T, isDeleted: boolean) =>
    ask({
      title: isDeleted ? DELETE_TITLE : RESTORE_TITLE,
      text: nameOf(row),
      run: () => setDeleted(row, isDeleted),
      after,
      undo: isDeleted && trash ? { module: trash, _id: row._id, name: nameOf(row) } : undefined,
    })
  return [
    actionColumn<T>(nameOf, [
      { label: 'View', to: view },
      canEdit && !deleted && { label: 'Edit', to: edit },
      canDelete && !deleted && { label: 'Delete', onClick: (row) => confirm(row, true) },
    ]),
    deleted &&
      canDelete && {
        title: 'Restore',
        key: 'restore',
        render: (_, row) => (
          <Button type="link" size="small" aria-label={`Restore ${nameOf(row)}`} onClick={() => confirm(row, false)}>
            Restore
          </Button>
        ),
      },
  ]
}
