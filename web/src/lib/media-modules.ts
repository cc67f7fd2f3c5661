/**
 * The media folders ({mediaURL}/{moduleName}/{file}, lib/meta-data.ts) whose files screens of
 * more than one area show: donors' avatars (donors, chat, members and authors), post images
 * (a community's feed, reported posts) and badge images (badges, a donor's earned badges).
 */
export const DONOR_MEDIA_MODULE = 'donor'
export const POST_MEDIA_MODULE = 'postImage'
export const BADGE_MEDIA_MODULE = 'badge'
