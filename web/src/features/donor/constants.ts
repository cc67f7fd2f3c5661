/** The media folder of donors' avatars (POST /local-image/uploadImage moduleName). */
export const DONOR_MEDIA_MODULE = 'donor'
/** The media folder of badge images. */
export const BADGE_MEDIA_MODULE = 'badge'
