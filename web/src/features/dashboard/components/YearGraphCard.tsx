/**
 * A figure by month for a chosen year (the current UTC year and the two before), drawn by the
 * lazily loaded MonthChart. Loading shows a skeleton; a failed call (the service is down: 503)
 * shows the card as unavailable with the server's words.
 */
import { lazy, Suspense, useState } from 'react'
import type { QueryKey } from '@tanstack/react-query'
import { Select, Skeleton, Space } from 'antd'
import { Text } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { DisconnectOutlined } from '@ant-design/icons'
import { useRecord } from '../../../lib/query'
import { graphYears, monthPoints, type MonthSeries } from '../graph-data'

const MonthChart = lazy(() => import('./MonthChart'))

export interface YearGraphCardProps<G extends { months: Array<{ month: number }> }> {
  title: string
  /** Cache key of the graph; the year is added. */
  queryKey: QueryKey
  load: (year: number) => Promise<G>
  series: MonthSeries[]
}

export function YearGraphCard<G extends { months: Array<{ month: number }> }>({
  title,
  queryKey,
  load,
  series,
}: YearGraphCardProps<G>) {
  const years = graphYears()
  const [year, setYear] = useState(years[0])
  const { value: graph, error, loading } = useRecord([...queryKey, year], () => load(year))

  return (
    <Card
      title={title}
      extra={
        <Select
          aria-label={`Year of ${title}`}
          value={year}
          onChange={setYear}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          style={{ width: 100 }}
        />
      }
    >
      {error ? (
        <Space role="status" style={{ minHeight: 120 }}>
          <DisconnectOutlined aria-hidden />
          <Text type="secondary">{`Unavailable: ${error}`}</Text>
        </Space>
      ) : loading || !graph ? (
        <div role="status" aria-busy="true" aria-label={`Loading ${title}`}>
          <Skeleton active />
        </div>
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <MonthChart data={monthPoints(graph.months, series)} series={series} />
        </Suspense>
      )}
    </Card>
  )
}
