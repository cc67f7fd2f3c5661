/**
 * The status switch of a list row and the confirmation titles of row actions (SPEC
 * section 2), shared by every list that toggles or deletes rows.
 */
import { Switch } from 'antd'

export function StatusSwitch({ name, active, onToggle }: { name: string; active: boolean; onToggle: () => void }) {
  return (
    <Switch
      aria-label={`Status of ${name}`}
      checked={active}
      checkedChildren="Active"
      unCheckedChildren="Inactive"
      onChange={onToggle}
    />
  )
}

/** The confirmation title of a pending row action: delete, or the status change it makes. */
export function rowActionTitle(pending: { kind: 'status' | 'delete'; row: { isActive: boolean } } | null): string {
  if (pending?.kind === 'delete') return 'Are you sure you want to Delete ?'
  return pending?.row.isActive ? 'Are you sure Inactive this status ?' : 'Are you sure Active this status ?'
}
