/** How communities read in lists, dialogs and views. */
import type { Community } from './types'

export const communityName = (row: Pick<Community, 'name'>) => row.name

/** 'City, State, Country' from what is filled in, or ''. */
export const communityPlace = (row: Pick<Community, 'city' | 'state' | 'country'>) =>
  [row.city, row.state, row.country].filter(Boolean).join(', ')

export const privacyLabel = (privacy: string) => (privacy === 'private' ? 'Private' : 'Public')

/** '1 like', '3 likes': a like button's count, in its name too (what it shows is part of its name). */
export const likesText = (count: number) => (count === 1 ? '1 like' : `${count} likes`)
