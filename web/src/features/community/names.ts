/** How communities read in lists, dialogs and views. */
import type { Community } from './types'

export const communityName = (row: Pick<Community, 'name'>) => row.name

/** 'City, State, Country' from what is filled in, or ''. */
export const communityPlace = (row: Pick<Community, 'city' | 'state' | 'country'>) =>
  [row.city, row.state, row.country].filter(Boolean).join(', ')

export const privacyLabel = (privacy: string) => (privacy === 'private' ? 'Private' : 'Public')
