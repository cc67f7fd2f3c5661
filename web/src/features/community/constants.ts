/** The media folders of communities and posts (POST /local-image/uploadImage moduleName). */
export const COMMUNITY_MEDIA_MODULE = 'communityImage'

/** At most this many gallery images, nonprofits and causes (the service's limits). */
export const GALLERY_MAX = 10
export const LINKS_MAX = 20

/** SPEC section 4: active posts page 1 limit 100, inactive posts limit 1000000 (the server pages at 100). */
export const ACTIVE_POSTS_LIMIT = 100
export const INACTIVE_POSTS_LIMIT = 1_000_000

/** Comments of a post asked a page at a time. */
export const COMMENTS_PAGE_SIZE = 10

export const PRIVACY_OPTIONS = [
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
] as const
