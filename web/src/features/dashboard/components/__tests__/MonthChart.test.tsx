import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import MonthChart from '../MonthChart'
import { monthPoints } from '../../graph-data'

const series = [
  { key: 'donors', label: 'New Donors', color: '#1f6f5c' },
  { key: 'donations', label: 'Donations', color: '#d9a441' },
]

describe('MonthChart', () => {
  it('draws the legend of each series and the month labels', async () => {
    const data = monthPoints([{ month: 1, donors: 4, donations: 9 }], series)
    const { container, findByText } = render(
      <div style={{ width: 600, height: 300 }}>
        <MonthChart data={data} series={series} />
      </div>,
    )
    expect(await findByText('New Donors')).toBeTruthy()
    expect(await findByText('Donations')).toBeTruthy()
    expect(container.querySelector('svg')).toBeTruthy()
  })
})
