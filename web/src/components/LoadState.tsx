/**
 * What a details screen shows until its record is there: the load failure with a way back,
 * or a skeleton while it loads.
 */
import type { ReactNode } from 'react'
import { Skeleton } from 'antd'
import { Card } from './Card'
import { Outcome } from './Outcome'

export function LoadState({ title, error, back }: { title: string; error: string | null; back: ReactNode }) {
  if (error) {
    return (
      <Card title={title}>
        <Outcome status="error" title={error} extra={back} />
      </Card>
    )
  }
  return (
    <Card title={title} extra={back}>
      <Skeleton active />
    </Card>
  )
}
