/**
 * The servers' length limits of every text field of the console's forms and dialogs, with the
 * servers' own messages: the one place the web keeps them (screens take `maxLength` and their
 * rules from here). Each entry names the Rust code it mirrors; when one changes, change it here.
 *
 * The servers trim a value and count its characters (`chars().count()`, Unicode scalar values);
 * `overLimit` does the same. Rich text (`raw`) is counted as sent, HTML included, untrimmed.
 * The input's `maxLength` stops typing at the limit; the rule refuses a longer value that gets
 * in anyway (pasted in a field without one, loaded from an older record) with the server's words.
 */
/** A field check (lib/validators.ts's Validator, which imports this file): the first failing message or null. */
type Validator = (value: unknown) => string | null

export interface TextLimit {
  /** Most characters the server accepts. */
  readonly max: number
  /** The server's message for a longer value. */
  readonly message: string
  /** Counted untrimmed, as sent (the servers count rich text's HTML so). */
  readonly raw?: boolean
}

/** '{label} must be at most {max} characters', as the servers' format! writes it. */
const atMost = (max: number, label: string): TextLimit => ({
  max,
  message: `${label} must be at most ${max} characters`,
})

/** A limit with a message written out in the server's code. */
const worded = (max: number, message: string): TextLimit => ({ max, message })

/** Rich text: its HTML counted as sent. */
const rich = (max: number, message: string): TextLimit => ({ max, message, raw: true })

export const LIMITS = {
  /** services/common/src/rules.rs (is_email: at most 254 characters, else the pattern's message). */
  email: worded(254, 'Please enter valid email address.'),
  /** services/catalogue/src/service.rs (parse_name, parse_description); causes and nonprofit categories. */
  cause: {
    name: atMost(100, 'Name'),
    description: atMost(500, 'Description'),
  },
  /** services/catalogue/src/service.rs (parse_name): the Add/Edit Category dialog. */
  charityCategory: {
    name: atMost(100, 'Name'),
  },
  /** services/catalogue/src/charity.rs (validate, validate_payment_methods, change_verification). */
  charity: {
    /** Also at least 2 characters: charity/validation.ts words the range. */
    name: worded(150, 'Nonprofit Name must be between 2 and 150 characters'),
    mission: rich(20_000, 'Mission must be at most 20,000 characters'),
    description: rich(20_000, 'Description must be at most 20,000 characters'),
    address: atMost(300, 'Address'),
    /** valid_website: at most 500 (bytes; the same for an ASCII address). */
    website: worded(500, 'Please enter valid Website'),
    adminFirstName: atMost(100, 'Admin First Name'),
    adminLastName: atMost(100, 'Admin Last Name'),
    /** The server gives its "required" message for a name that is too long as well. */
    bankName: worded(100, 'Please enter Bank Name'),
    accountHolder: worded(100, 'Please enter Account Holder Name'),
    rejectReason: atMost(1000, 'Reason'),
  },
  /** services/engagement/src/communities.rs (parse). */
  community: {
    name: atMost(100, 'Community Name'),
    address: atMost(300, 'Address'),
  },
  /** services/engagement/src/posts.rs (comment_text): comments and replies. */
  comment: {
    text: atMost(1000, 'Comment'),
  },
  /** services/engagement/src/events.rs (parse). */
  event: {
    title: atMost(150, 'Event Title'),
    venue: atMost(300, 'Venue'),
    /** is_link: at most 2000 (bytes; the same for an ASCII address). */
    onlineLink: worded(2000, 'Please enter valid link'),
  },
  /** services/giving/src/service.rs (parse). */
  donor: {
    firstName: atMost(50, 'First Name'),
    lastName: atMost(50, 'Last Name'),
    address: atMost(200, 'Address'),
  },
  /** services/giving/src/money.rs (parse_badge). */
  badge: {
    name: atMost(100, 'Name'),
    description: atMost(1000, 'Description'),
  },
  /** services/giving/src/partners.rs (change_verification): rejecting a giving partner. */
  partner: {
    rejectReason: atMost(500, 'Reason'),
  },
  /** services/identity/src/validate.rs (name). */
  subAdmin: {
    firstName: atMost(50, 'First Name'),
    lastName: atMost(50, 'Last Name'),
  },
  /** services/content/src/service.rs (leadership_fields). */
  leadership: {
    name: atMost(100, 'Name'),
    title: atMost(100, 'Title'),
    biography: rich(20_000, 'Biography must be at most 20,000 characters'),
  },
  /** services/content/src/service.rs (parse_name, description): the Add/Edit Category dialog. */
  faqCategory: {
    name: atMost(100, 'Name'),
  },
  /** services/content/src/service.rs (faq_fields). */
  faq: {
    question: atMost(500, 'Question'),
    answer: rich(20_000, 'Answer must be at most 20,000 characters'),
  },
  /** services/content/src/pages.rs (Homepage::cleaned, CmsPage::cleaned, rich). */
  page: {
    heroTitle: atMost(120, 'Hero Title'),
    heroSubtitle: atMost(300, 'Hero Subtitle'),
    ctaText: atMost(60, 'Call to Action Text'),
    cmsTitle: atMost(150, 'Title'),
    /** CMS pages, About Us and the Giving Partner page. */
    content: rich(200_000, 'Content must be at most 200,000 characters'),
  },
  /** services/chat/src/notifications.rs (send_notification) and bff/src/areas/notification.rs (checked). */
  notification: {
    title: atMost(100, 'Title'),
    message: atMost(1000, 'Message'),
  },
  /** services/identity/src/saved_views.rs (MAX_NAME, MAX_QUERY): a list's saved views. */
  savedView: {
    name: atMost(60, 'Name'),
    query: atMost(2000, 'Query'),
  },
  /** services/chat/src/messages.rs (MAX_TEXT) and bff/src/live/admin.rs (check_send). */
  chat: {
    message: atMost(2000, 'Message'),
  },
} as const satisfies Record<string, TextLimit | Record<string, TextLimit>>

/** The most a leadership entry's or a FAQ's Order may be (services/content/src/service.rs, order). */
export const ORDER_MAX = 1_000_000

/** Characters as the servers count them (code points, not UTF-16 units). */
export const charCount = (text: string): number => {
  let n = 0
  for (const _ of text) n++
  return n
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value))

/** The server's message when `value` is longer than `limit` allows, else null. */
export function overLimit(limit: TextLimit, value: unknown): string | null {
  const v = limit.raw ? text(value) : text(value).trim()
  return charCount(v) > limit.max ? limit.message : null
}

/** A rule of the limit alone (optional fields). */
export const within =
  (limit: TextLimit): Validator =>
  (value) =>
    overLimit(limit, value)

/**
 * A required text as the servers check it: blank or only white space gives `required` (the
 * servers trim first), a longer value the limit's message.
 */
export const requiredText =
  (required: string, limit: TextLimit): Validator =>
  (value) =>
    text(value).trim() === '' ? required : overLimit(limit, value)

/** The input props of a limited field: the browser stops at the limit; long text areas show the count. */
export function limitProps(limit: TextLimit, showCount = false): { maxLength: number; showCount?: boolean } {
  return showCount ? { maxLength: limit.max, showCount } : { maxLength: limit.max }
}
