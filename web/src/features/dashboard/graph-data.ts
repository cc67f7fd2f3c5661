/** The year graphs' data: the years offered, and the server's months as twelve chart points. */

export interface MonthSeries {
  /** Key of the value in each point (a field of the server's month). */
  key: string
  label: string
  color: string
  /** The server's value is divided by it (cents to dollars: 100). */
  divisor?: number
  /** How the tooltip shows a value (the chart's own number when absent). */
  format?: (value: number) => string
}

export interface MonthPoint {
  /** 'Jan' .. 'Dec' */
  month: string
  [series: string]: number | string
}

export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The years a graph offers: this UTC year and the two before, newest first. */
export function graphYears(now = new Date()): number[] {
  const year = now.getUTCFullYear()
  return [year, year - 1, year - 2]
}

/** Twelve points, one per month, from the server's months (a month it leaves out counts 0). */
export function monthPoints<M extends { month: number }>(months: M[] | undefined, series: MonthSeries[]): MonthPoint[] {
  return MONTH_NAMES.map((name, index) => {
    const found = months?.find((m) => m.month === index + 1) as Record<string, unknown> | undefined
    const point: MonthPoint = { month: name }
    for (const s of series) {
      const value = found?.[s.key]
      point[s.key] = typeof value === 'number' ? value / (s.divisor ?? 1) : 0
    }
    return point
  })
}
