/** Paths and names shared by the nonprofit add, edit and view screens. */
import { SLUGS } from '../../lib/modules'
import { paths } from '../../paths'

/** Module of Nonprofit Management (proto/modules.json). */
export const CHARITY_MODULE = SLUGS.charity
export const LIST_PATH = paths.charityList()
/** New Nonprofit: nonprofits waiting for approval (its first tab, Pending) and rejected ones. */
export const NEW_NONPROFIT_PATH = paths.newNonprofits()
/** A nonprofit admin's own nonprofit. */
export const OWN_VIEW_PATH = paths.myNonprofit()
/** Folder of nonprofit logos and images on the media service. */
export const CHARITY_MEDIA_MODULE = 'charity'
export const CHARITY_ADMIN = 'Charity Admin'
/** The server applies a nonprofit search only past 2 characters. */
export const CHARITY_SEARCH_MIN_LENGTH = 3
