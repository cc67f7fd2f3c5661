/** Media folders of the content pages' images and video (POST /local-image/uploadImage moduleName). */
export const HOMEPAGE_MEDIA_MODULE = 'homepageImage'
export const ABOUT_US_MEDIA_MODULE = 'aboutUsImage'

/** How many of each the homepage holds (content-rest.md); its texts' limits are in lib/limits.ts. */
export const HOMEPAGE_LIMITS = {
  bannerImages: 10,
  featured: 12,
  howItWorks: 6,
  impactFigures: 6,
} as const
