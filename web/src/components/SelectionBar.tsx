/**
 * Above a table that selects rows (DataTable's `selection`): how many are selected, "Select all M
 * matching" (once the whole page is selected and more rows match), "Clear" and the screen's
 * actions. On a phone (no table head) it holds the page's checkbox too. The count is announced.
 */
import type { ReactNode } from 'react'
import { Button, Space } from 'antd'
import { SelectBox } from './SelectBox'
import type { SelectionState } from './useSelection'

/** What the bar reads and does (the row's own toggle is the table's). */
type BarState = Pick<SelectionState<unknown>, 'page' | 'togglePage' | 'selectAll' | 'clear'> & {
  selection: { all: boolean; count: number }
}

export function SelectionBar({
  state,
  total,
  pageBox,
  actions,
}: {
  state: BarState
  total: number
  /** Shows the page's checkbox (a phone's cards have no table head). */
  pageBox: boolean
  actions: ReactNode
}) {
  const { selection, page } = state
  const count = selection.count
  const offerAll = !selection.all && page.checked && total > count
  const shown = count > 0 || pageBox
  // Always there (empty while nothing is selected), so the count's changes are announced.
  return (
    <div
      role="group"
      aria-label="Selection"
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: shown ? 12 : 0 }}
    >
      {pageBox && (
        <SelectBox
          label="Select all on this page"
          shown
          checked={page.checked}
          indeterminate={page.indeterminate}
          onChange={state.togglePage}
        />
      )}
      <span aria-live="polite">{count > 0 ? `${count} selected` : ''}</span>
      {count > 0 && (
        <Space wrap>
          {offerAll && <Button onClick={state.selectAll}>Select all {total} matching</Button>}
          <Button onClick={state.clear}>Clear</Button>
          {actions}
        </Space>
      )}
    </div>
  )
}
