/** The media folder of donors' avatars (POST /local-image/uploadImage moduleName). */
export const DONOR_MEDIA_MODULE = 'donor'
