import { describe, expect, it } from 'vitest'
import { charCount, LIMITS, overLimit, requiredText, type TextLimit } from '../limits'
import { firstName, lastName, nameText, subAdminEmail, type Validator } from '../validators'
import { causeDescription, causeName } from '../../features/cause/validation'
import * as charity from '../../features/charity/validation'
import * as community from '../../features/community/validation'
import * as event from '../../features/event/validation'
import * as donor from '../../features/donor/validation'
import * as notification from '../../features/notification/validation'
import * as leadership from '../../features/leadership/validation'
import * as faq from '../../features/faq/validation'
import * as page from '../../features/content-page/validation'
import { badgeDescription, badgeName } from '../../features/badge/rules'
import { checkMessage } from '../../features/chat/constants'
import { checkContent } from '../../features/giving-partner-page/content'

/**
 * The servers' limits and messages as their Rust code writes them (the contract): a change on
 * either side fails here.
 */
const SERVER: Record<string, [max: number, message: string]> = {
  email: [254, 'Please enter valid email address.'],
  'cause.name': [100, 'Name must be at most 100 characters'],
  'cause.description': [500, 'Description must be at most 500 characters'],
  'charityCategory.name': [100, 'Name must be at most 100 characters'],
  'charity.name': [150, 'Nonprofit Name must be between 2 and 150 characters'],
  'charity.mission': [20_000, 'Mission must be at most 20,000 characters'],
  'charity.description': [20_000, 'Description must be at most 20,000 characters'],
  'charity.address': [300, 'Address must be at most 300 characters'],
  'charity.website': [500, 'Please enter valid Website'],
  'charity.adminFirstName': [100, 'Admin First Name must be at most 100 characters'],
  'charity.adminLastName': [100, 'Admin Last Name must be at most 100 characters'],
  'charity.bankName': [100, 'Please enter Bank Name'],
  'charity.accountHolder': [100, 'Please enter Account Holder Name'],
  'charity.rejectReason': [1000, 'Reason must be at most 1000 characters'],
  'community.name': [100, 'Community Name must be at most 100 characters'],
  'community.address': [300, 'Address must be at most 300 characters'],
  'comment.text': [1000, 'Comment must be at most 1000 characters'],
  'event.title': [150, 'Event Title must be at most 150 characters'],
  'event.venue': [300, 'Venue must be at most 300 characters'],
  'event.onlineLink': [2000, 'Please enter valid link'],
  'donor.firstName': [50, 'First Name must be at most 50 characters'],
  'donor.lastName': [50, 'Last Name must be at most 50 characters'],
  'donor.address': [200, 'Address must be at most 200 characters'],
  'badge.name': [100, 'Name must be at most 100 characters'],
  'badge.description': [1000, 'Description must be at most 1000 characters'],
  'partner.rejectReason': [500, 'Reason must be at most 500 characters'],
  'subAdmin.firstName': [50, 'First Name must be at most 50 characters'],
  'subAdmin.lastName': [50, 'Last Name must be at most 50 characters'],
  'leadership.name': [100, 'Name must be at most 100 characters'],
  'leadership.title': [100, 'Title must be at most 100 characters'],
  'leadership.biography': [20_000, 'Biography must be at most 20,000 characters'],
  'faqCategory.name': [100, 'Name must be at most 100 characters'],
  'faq.question': [500, 'Question must be at most 500 characters'],
  'faq.answer': [20_000, 'Answer must be at most 20,000 characters'],
  'page.heroTitle': [120, 'Hero Title must be at most 120 characters'],
  'page.heroSubtitle': [300, 'Hero Subtitle must be at most 300 characters'],
  'page.ctaText': [60, 'Call to Action Text must be at most 60 characters'],
  'page.cmsTitle': [150, 'Title must be at most 150 characters'],
  'page.content': [200_000, 'Content must be at most 200,000 characters'],
  'notification.title': [100, 'Title must be at most 100 characters'],
  'notification.message': [1000, 'Message must be at most 1000 characters'],
  'chat.message': [2000, 'Message must be at most 2000 characters'],
  'savedView.name': [60, 'Name must be at most 60 characters'],
  'savedView.query': [2000, 'Query must be at most 2000 characters'],
}

/** Every limit of the table, by its dotted name. */
function allLimits(): Record<string, TextLimit> {
  const out: Record<string, TextLimit> = {}
  for (const [area, entry] of Object.entries(LIMITS)) {
    if ('max' in entry) out[area] = entry as TextLimit
    else for (const [field, limit] of Object.entries(entry)) out[`${area}.${field}`] = limit as TextLimit
  }
  return out
}

describe('the limits table', () => {
  it('holds exactly the servers’ limits and messages', () => {
    const limits = allLimits()
    expect(Object.keys(limits).sort()).toEqual(Object.keys(SERVER).sort())
    for (const [name, [max, message]] of Object.entries(SERVER)) {
      expect({ name, max: limits[name].max, message: limits[name].message }).toEqual({ name, max, message })
    }
  })

  it.each(Object.entries(allLimits()))('%s: the most passes, one more is refused with the message', (_, limit) => {
    expect(overLimit(limit, 'x'.repeat(limit.max))).toBeNull()
    expect(overLimit(limit, 'x'.repeat(limit.max + 1))).toBe(limit.message)
  })

  it('counts as the servers do: trimmed, in characters; rich text as sent', () => {
    const name = LIMITS.cause.name
    expect(overLimit(name, `  ${'x'.repeat(100)}\n`)).toBeNull()
    // An emoji is one character for the server (two UTF-16 units for JavaScript).
    expect(charCount('😀'.repeat(100))).toBe(100)
    expect(overLimit(name, '😀'.repeat(100))).toBeNull()
    expect(overLimit(name, '😀'.repeat(101))).toBe(name.message)
    const mission = LIMITS.charity.mission
    expect(overLimit(mission, ` ${'x'.repeat(20_000)}`)).toBe(mission.message)
    expect(overLimit(LIMITS.cause.description, ` ${'x'.repeat(500)}`)).toBeNull()
  })

  it('a required text: blank or only white space is the required message, then the limit', () => {
    const check = requiredText('Please enter Title', LIMITS.notification.title)
    for (const blank of [undefined, null, '', ' ', '\t \n', '\u00a0']) expect(check(blank)).toBe('Please enter Title')
    expect(check('Hello')).toBeNull()
    expect(check('x'.repeat(101))).toBe('Title must be at most 100 characters')
  })

  it("a catalogue or content name: empty 'Please enter Name', white space 'Please enter valid Name'", () => {
    const check = nameText(LIMITS.faqCategory.name)
    expect(check('')).toBe('Please enter Name')
    expect(check(undefined)).toBe('Please enter Name')
    expect(check('   ')).toBe('Please enter valid Name')
    expect(check('x'.repeat(101))).toBe('Name must be at most 100 characters')
  })
})

const html = (length: number) => `<p>${'x'.repeat(length - 7)}</p>`
const email = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(length - 69)}.org`
const site = (length: number) => `https://${'a'.repeat(length - 12)}.org`

/**
 * Each form's rule of each limited field: a valid value of the most length passes, one
 * character more gives the server's message. [field, rule, the value of a length, the limit]
 */
const FIELDS: Array<[string, Validator, (length: number) => string, TextLimit]> = [
  ['Cause Name', causeName, (n) => 'x'.repeat(n), LIMITS.cause.name],
  ['Cause Description', causeDescription, (n) => 'x'.repeat(n), LIMITS.cause.description],
  ['Nonprofit Name', charity.charityName, (n) => 'x'.repeat(n), LIMITS.charity.name],
  ['Nonprofit Mission', charity.mission, html, LIMITS.charity.mission],
  ['Nonprofit Description', charity.description, html, LIMITS.charity.description],
  ['Nonprofit Address', charity.address, (n) => 'x'.repeat(n), LIMITS.charity.address],
  ['Nonprofit Website', charity.website, site, LIMITS.charity.website],
  ['Nonprofit Email', charity.email, email, LIMITS.email],
  ['Admin Email', charity.adminEmail, email, LIMITS.email],
  ['Admin First Name', charity.adminFirstName, (n) => 'x'.repeat(n), LIMITS.charity.adminFirstName],
  ['Admin Last Name', charity.adminLastName, (n) => 'x'.repeat(n), LIMITS.charity.adminLastName],
  ['Bank Name', charity.bankName, (n) => 'x'.repeat(n), LIMITS.charity.bankName],
  ['Account Holder', charity.accountHolder, (n) => 'x'.repeat(n), LIMITS.charity.accountHolder],
  ['Community Name', community.name, (n) => 'x'.repeat(n), LIMITS.community.name],
  ['Community Address', community.address, (n) => 'x'.repeat(n), LIMITS.community.address],
  ['Comment', community.comment, (n) => 'x'.repeat(n), LIMITS.comment.text],
  ['Event Title', event.title, (n) => 'x'.repeat(n), LIMITS.event.title],
  ['Venue', event.venue, (n) => 'x'.repeat(n), LIMITS.event.venue],
  ['Online Link', event.onlineLink, site, LIMITS.event.onlineLink],
  ['Donor First Name', donor.firstName, (n) => 'x'.repeat(n), LIMITS.donor.firstName],
  ['Donor Last Name', donor.lastName, (n) => 'x'.repeat(n), LIMITS.donor.lastName],
  ['Donor Email', donor.email, email, LIMITS.email],
  ['Donor Address', donor.address, (n) => 'x'.repeat(n), LIMITS.donor.address],
  ['Badge Name', badgeName, (n) => 'x'.repeat(n), LIMITS.badge.name],
  ['Badge Description', badgeDescription, (n) => 'x'.repeat(n), LIMITS.badge.description],
  ['Sub Admin First Name', firstName, (n) => 'x'.repeat(n), LIMITS.subAdmin.firstName],
  ['Sub Admin Last Name', lastName, (n) => 'x'.repeat(n), LIMITS.subAdmin.lastName],
  ['Sub Admin Email', subAdminEmail, email, LIMITS.email],
  ['Leadership Name', leadership.name, (n) => 'x'.repeat(n), LIMITS.leadership.name],
  ['Leadership Title', leadership.title, (n) => 'x'.repeat(n), LIMITS.leadership.title],
  ['Biography', leadership.biography, html, LIMITS.leadership.biography],
  ['FAQ Question', faq.question, (n) => 'x'.repeat(n), LIMITS.faq.question],
  ['FAQ Answer', faq.answer, html, LIMITS.faq.answer],
  ['Hero Title', page.heroTitle, (n) => 'x'.repeat(n), LIMITS.page.heroTitle],
  ['Hero Subtitle', page.heroSubtitle, (n) => 'x'.repeat(n), LIMITS.page.heroSubtitle],
  [
    'Call to Action Text',
    (value) => page.ctaText(value, 'https://example.org'),
    (n) => 'x'.repeat(n),
    LIMITS.page.ctaText,
  ],
  ['CMS Title', page.title, (n) => 'x'.repeat(n), LIMITS.page.cmsTitle],
  ['CMS and About Us Content', page.content, html, LIMITS.page.content],
  ['Giving Partner Content', checkContent, html, LIMITS.page.content],
  ['Notification Title', notification.title, (n) => 'x'.repeat(n), LIMITS.notification.title],
  ['Notification Message', notification.message, (n) => 'x'.repeat(n), LIMITS.notification.message],
  ['Chat Message', (value) => checkMessage(String(value), ''), (n) => 'x'.repeat(n), LIMITS.chat.message],
]

describe("every form's limited fields", () => {
  it.each(FIELDS)('%s', (_, check, valueOf, limit) => {
    const most = valueOf(limit.max)
    expect(charCount(most)).toBe(limit.max)
    expect(check(most)).toBeNull()
    expect(check(valueOf(limit.max + 1))).toBe(limit.message)
  })

  it('the Giving Partner content is counted as it is sent, with plain spaces', () => {
    const spaced = `<p>${'&nbsp;'.repeat(40_000)}x</p>`
    expect(charCount(spaced)).toBeGreaterThan(LIMITS.page.content.max)
    expect(checkContent(spaced)).toBeNull()
  })
})

/** Each required text field: blank or only white space gives the server's message for it. */
const REQUIRED: Array<[string, Validator, string]> = [
  ['Cause Name', causeName, 'Please enter valid Name'],
  ['Leadership Name', leadership.name, 'Please enter valid Name'],
  ['Leadership Title', leadership.title, 'Please enter Title'],
  ['Nonprofit Name', charity.charityName, 'Please enter Nonprofit Name'],
  ['Nonprofit Address', charity.address, 'Please enter Address'],
  ['Admin First Name', charity.adminFirstName, 'Please enter Admin First Name'],
  ['Admin Last Name', charity.adminLastName, 'Please enter Admin Last Name'],
  ['Bank Name', charity.bankName, 'Please enter Bank Name'],
  ['Account Holder', charity.accountHolder, 'Please enter Account Holder Name'],
  ['Community Name', community.name, 'Please enter Community Name'],
  ['Comment', community.comment, 'Please enter Comment'],
  ['Event Title', event.title, 'Please enter Event Title'],
  ['Venue', event.venue, 'Please enter Venue'],
  ['Donor First Name', donor.firstName, 'Please enter First Name'],
  ['Donor Last Name', donor.lastName, 'Please enter Last Name'],
  ['Badge Name', badgeName, 'Please enter Name'],
  ['Sub Admin First Name', firstName, 'First Name is required'],
  ['Sub Admin Last Name', lastName, 'Last Name is required'],
  ['FAQ Question', faq.question, 'Please enter Question'],
  ['Hero Title', page.heroTitle, 'Please enter Hero Title'],
  ['CMS Title', page.title, 'Please enter Title'],
  ['Call to Action Text', (value) => page.ctaText(value, 'https://example.org'), 'Please enter Call to Action Text'],
  ['Notification Title', notification.title, 'Please enter Title'],
  ['Notification Message', notification.message, 'Please enter Message'],
  ['Chat Message', (value) => checkMessage(String(value), ''), 'Please enter a message'],
]

describe('white space only', () => {
  it.each(REQUIRED)('%s', (_, check, message) => {
    expect(check('   ')).toBe(message)
    expect(check(' \t\n ')).toBe(message)
  })

  it('a rich text of white space is empty', () => {
    expect(page.content('<p>&nbsp; </p>')).toBe('Please enter Content')
    expect(checkContent('<p>&nbsp;&nbsp;</p>')).toBe('Please enter Content')
    expect(faq.answer('<p> </p>')).toBe('Please enter Answer')
  })

  it('a homepage step needs its title, a figure both its label and its value (when the row is used)', () => {
    expect(page.stepTitle('  ', 'Choose a cause')).toBe('Please enter Step Title')
    expect(page.stepTitle('', '')).toBeNull()
    expect(page.figurePart(' ', '1,000')).toBe('Please enter Label and Value')
    expect(page.figurePart('Donors', '')).toBeNull()
  })
})
