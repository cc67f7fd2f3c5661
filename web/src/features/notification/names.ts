/** The notification screen's texts. */
import { formatNumber } from '../../lib/format'
import type { Notification } from './types'

export const AUDIENCE_OPTIONS = [
  { value: 'all', label: 'All users' },
  { value: 'selected', label: 'Donors of chosen nonprofits and causes' },
]

export const confirmText = (reach: number) =>
  `This notification will reach ${formatNumber(reach) || '0'} ${reach === 1 ? 'user' : 'users'}. Send it?`

export function audienceText(n: Notification): string {
  if (n.audience === 'all') return 'All users'
  return [...(n.charities ?? []), ...(n.causes ?? [])].map((x) => x.name).join(', ') || '-'
}
