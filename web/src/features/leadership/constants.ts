/** The media folder of leadership photos (POST /local-image/uploadImage moduleName). */
export const LEADERSHIP_MEDIA_MODULE = 'leadershipImage'
