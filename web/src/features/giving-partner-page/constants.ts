/** The media folder of the giving-partner page's image (SPEC section 7). */
export const GIVING_PARTNER_MEDIA_MODULE = 'givingPartnerimage'

/** The content editor's height in pixels (SPEC section 2). */
export const CONTENT_EDITOR_HEIGHT = 300
