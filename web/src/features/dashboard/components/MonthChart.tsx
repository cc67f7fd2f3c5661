/**
 * A year's figures by month as bars (recharts): one bar per series, months on the x axis.
 * Loaded lazily by the dashboard, so the charting library travels with it alone.
 */
import type { MonthPoint, MonthSeries } from '../graph-data'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'

export interface MonthChartProps {
  data: MonthPoint[]
  series: MonthSeries[]
  height?: number
}

export default function MonthChart({ data, series, height = 280 }: MonthChartProps) {
  return (
    <BarChart
      responsive
      data={data}
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="month" />
      <YAxis allowDecimals={false} width={40} />
      <Tooltip
        formatter={(value, _name, item) => {
          const format = series.find((s) => s.key === item.dataKey)?.format
          return format && typeof value === 'number' ? format(value) : value
        }}
      />
      <Legend />
      {series.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[3, 3, 0, 0]} />
      ))}
    </BarChart>
  )
}
