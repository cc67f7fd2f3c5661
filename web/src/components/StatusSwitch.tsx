/** The switch of a list row's Status column (aria-label 'Status of <name>'). */
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
