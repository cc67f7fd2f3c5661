/** Media folders of the content pages' images and video (POST /local-image/uploadImage moduleName). */
export const HOMEPAGE_MEDIA_MODULE = 'homepageImage'
export const ABOUT_US_MEDIA_MODULE = 'aboutUsImage'

/** Limits of the homepage (content-rest.md). */
export const HOMEPAGE_LIMITS = {
  heroTitle: 120,
  bannerImages: 10,
  featured: 12,
  howItWorks: 6,
  impactFigures: 6,
} as const
