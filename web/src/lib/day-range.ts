/**
 * A date range as list filters keep it in the URL (`?from=2024-03-01&to=2024-03-31`, either end
 * open) and as the server takes it: inclusive epoch-millisecond bounds of the local days.
 */
import dayjs from 'dayjs'

/** The day format of `from` and `to` in the URL. */
export const DAY_FORMAT = 'YYYY-MM-DD'

export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text, DAY_FORMAT).isValid()

/** The start of `from` and the end of `to` in epoch milliseconds (an end that is not a day: open). */
export function dayBounds(from: string, to: string): { from?: number; to?: number } {
  return {
    ...(isDay(from) ? { from: dayjs(from).startOf('day').valueOf() } : {}),
    ...(isDay(to) ? { to: dayjs(to).endOf('day').valueOf() } : {}),
  }
}
