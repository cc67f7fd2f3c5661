/**
 * The one date-range filter of the lists: shows the URL's `from` and `to` days (those that are
 * days) and writes the picked days back, either end open.
 */
import { DatePicker } from 'antd'
import dayjs from 'dayjs'
import { DAY_FORMAT, isDay } from '../lib/day-range'

export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string
  to: string
  onChange: (from: string, to: string) => void
}) {
  const start = isDay(from) ? dayjs(from, DAY_FORMAT) : null
  const end = isDay(to) ? dayjs(to, DAY_FORMAT) : null
  return (
    <DatePicker.RangePicker
      aria-label="Date range"
      format="MMM D YYYY"
      allowEmpty={[true, true]}
      value={start || end ? [start, end] : null}
      onChange={(days) => onChange(days?.[0]?.format(DAY_FORMAT) ?? '', days?.[1]?.format(DAY_FORMAT) ?? '')}
    />
  )
}
