/** How events read in lists and views. */
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import timezone from 'dayjs/plugin/timezone'
import type { Event } from './types'

dayjs.extend(utc)
dayjs.extend(timezone)

export const eventTitle = (row: Pick<Event, 'title'>) => row.title

/** An instant as the wall clock of the event's time zone: 'Dec 4 2026,7:30 pm'. */
export function formatInZone(at: number | null | undefined, zone: string): string {
  if (!at) return '-'
  try {
    return dayjs(at).tz(zone).format('MMM D YYYY,h:mm a')
  } catch {
    return dayjs(at).format('MMM D YYYY,h:mm a')
  }
}

/** Where it happens: 'Online' or the venue's address and place. */
export function eventWhere(row: Pick<Event, 'isOnline' | 'address' | 'city' | 'state' | 'country'>): string {
  if (row.isOnline) return 'Online'
  return [row.address, row.city, row.state, row.country].filter(Boolean).join(', ') || '-'
}

export const hostLabel = (row: Pick<Event, 'hostType' | 'hostName'>) =>
  row.hostName ? `${row.hostName} (${row.hostType === 'community' ? 'Community' : 'Nonprofit'})` : '-'

export const capacityLabel = (capacity: number) => (capacity > 0 ? String(capacity) : 'Unlimited')

/**
 * The picker's value (a wall-clock date and time, read in the browser's zone) as the instant it
 * names in `zone`, and back: the admin picks the event's own local time.
 */
export function wallClockToInstant(value: { format(f: string): string }, zone: string): number {
  return dayjs.tz(value.format('YYYY-MM-DDTHH:mm:ss'), zone).valueOf()
}

export function instantToWallClock(at: number, zone: string): dayjs.Dayjs {
  return dayjs(dayjs(at).tz(zone).format('YYYY-MM-DDTHH:mm:ss'))
}

/** Every IANA time zone the browser knows (the select's options). */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] }
  const zones = intl.supportedValuesOf?.('timeZone') ?? []
  return zones.length
    ? zones
    : ['UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London']
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
