/** Folder of the partners' logos on the media server. */
export const PARTNER_MEDIA_MODULE = 'strategicPartner'

/** Sort while no column is sorted: the newest applications first. */
export const NEWEST_APPLIED = { column: 'appliedAt', order: 'desc' } as const

export const PARTNER_SEARCH_PLACEHOLDER = 'Search By Giving Partner Name'
