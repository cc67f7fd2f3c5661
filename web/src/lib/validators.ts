/**
 * Client-side validation rules of SPEC section 5, with their exact messages.
 * Each validator is a pure function returning the first failing message or null;
 * `rule()` wraps one into an antd Form rule.
 */
import type { FormRule } from 'antd'
import { LIMITS, ORDER_MAX, overLimit, type TextLimit } from './limits'

export type Validator = (value: unknown) => string | null

/** Pattern library (SPEC section 5). */
export const patterns = {
  /** Standard email address (no `+` tag). */
  email: /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  /** Standard email address with an optional `+tag` in the local part. */
  emailWithTag: /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  numeric: /^[0-9]+$/,
  integer: /^-?[0-9]+$/,
  alphabetic: /^[A-Za-z]+$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
  alphanumericWithSpaces: /^[A-Za-z0-9 ]+$/,
  /** Landline: 8 to 16 digits. */
  landline: /^[0-9]{8,16}$/,
  /** Mobile: starts with 7, 8 or 9; 10 to 21 digits. */
  mobile: /^[789][0-9]{9,20}$/,
  url: /^(https?:\/\/)?([A-Za-z0-9-]+\.)+[A-Za-z]{2,}(:[0-9]{1,5})?(\/[^\s]*)?$/,
  /** At least 12 characters with an upper case letter, a lower case letter, a digit and a special character. */
  strongPassword: /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).{12,}$/,
  /** At least 8 characters with an upper case letter, a lower case letter and a digit. */
  password: /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,}$/,
  /** A number with up to two decimals. */
  decimal2: /^[0-9]+(\.[0-9]{1,2})?$/,
  /** Username: a letter first, then letters, digits, dots or underscores; 3 to 30 characters. */
  username: /^[A-Za-z][A-Za-z0-9._]{2,29}$/,
} as const

export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter valid email address.',
  passwordRequired: 'Password is required',
  passwordSpaces: 'Password must not contain while spaces',
  oldPasswordRequired: 'Old Password is Required',
  oldPasswordLength: 'Old Password must be between 6 and 20 characters',
  oldPasswordSpaces: 'Old Password must not contain spaces',
  newPasswordRequired: 'New Password is Required',
  newPasswordLength: 'New Password must be between 6 and 20 characters',
  newPasswordSpaces: 'New Password must not contain spaces',
  newPasswordSameAsOld: 'Old Password and New Password can not be same',
  confirmPasswordRequired: 'Confirm Password is Required',
  confirmPasswordLength: 'Confirm Password must be between 6 and 20 characters',
  confirmPasswordSpaces: 'Confirm Password must not contain spaces',
  confirmPasswordMismatch: 'Confirm Password must match with New Password',
  resetNewPasswordRequired: 'New Password is required',
  resetConfirmPasswordRequired: 'Confirm Password is required',
  resetConfirmPasswordMismatch: 'Confirm Password must match with New password',
  forgotEmailRequired: 'Please enter register email id',
  nameRequired: 'Please enter Name',
  nameInvalid: 'Please enter valid Name',
  reasonRequired: 'Please Enter Add Reason',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  subAdminPasswordLength: 'Password must be between 6 and 20 characters',
  subAdminPasswordSpaces: 'Password must not contain spaces',
  permissionsRequired: 'Please select at least one permission',
  countryRequired: 'Please select Country',
  stateRequired: 'Please select State',
  cityRequired: 'Please select City',
  orderInvalid: 'Please enter valid Order',
} as const

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value))
const isEmpty = (value: unknown): boolean => text(value) === ''
const hasSpace = (value: string): boolean => /\s/.test(value)
const lengthBetween = (value: string, min: number, max: number) => value.length >= min && value.length <= max

/** Runs checks in order and returns the first message. */
function firstOf(...checks: Array<() => string | null>): string | null {
  for (const check of checks) {
    const found = check()
    if (found) return found
  }
  return null
}

// ---- Sign in -------------------------------------------------------------

export const loginEmail: Validator = (value) =>
  firstOf(
    () => (text(value).trim() === '' ? messages.emailRequired : null),
    () => (patterns.email.test(text(value).trim()) ? null : messages.emailInvalid),
  )

export const loginPassword: Validator = (value) =>
  firstOf(
    () => (isEmpty(value) ? messages.passwordRequired : null),
    () => (hasSpace(text(value)) ? messages.passwordSpaces : null),
  )

// ---- Change password ----------------------------------------------------

/** Required, 6 to 20 characters, no spaces. */
function boundedPassword(value: unknown, required: string, length: string, spaces: string): string | null {
  const v = text(value)
  return firstOf(
    () => (v === '' ? required : null),
    () => (lengthBetween(v, 6, 20) ? null : length),
    () => (hasSpace(v) ? spaces : null),
  )
}

export const oldPassword: Validator = (value) =>
  boundedPassword(value, messages.oldPasswordRequired, messages.oldPasswordLength, messages.oldPasswordSpaces)

export const newPassword = (value: unknown, oldValue: unknown): string | null =>
  firstOf(
    () => boundedPassword(value, messages.newPasswordRequired, messages.newPasswordLength, messages.newPasswordSpaces),
    () => (text(value) === text(oldValue) ? messages.newPasswordSameAsOld : null),
  )

export const confirmPassword = (value: unknown, newValue: unknown): string | null =>
  firstOf(
    () =>
      boundedPassword(
        value,
        messages.confirmPasswordRequired,
        messages.confirmPasswordLength,
        messages.confirmPasswordSpaces,
      ),
    () => (text(value) === text(newValue) ? null : messages.confirmPasswordMismatch),
  )

// ---- Reset password -----------------------------------------------------

/** Required (SPEC section 5), and the account rules the server applies: 6 to 20 characters, no spaces. */
export const resetNewPassword: Validator = (value) =>
  boundedPassword(value, messages.resetNewPasswordRequired, messages.newPasswordLength, messages.newPasswordSpaces)

export const resetConfirmPassword = (value: unknown, newValue: unknown): string | null =>
  firstOf(
    () => (isEmpty(value) ? messages.resetConfirmPasswordRequired : null),
    () => (text(value) === text(newValue) ? null : messages.resetConfirmPasswordMismatch),
  )

// ---- Forgot password ----------------------------------------------------

export const forgotEmail: Validator = (value) =>
  firstOf(
    () => (text(value).trim() === '' ? messages.forgotEmailRequired : null),
    () => (patterns.emailWithTag.test(text(value).trim()) ? null : messages.emailInvalid),
  )

// ---- Confirmation dialog ------------------------------------------------

export const dialogName: Validator = (value) =>
  firstOf(
    () => (isEmpty(value) ? messages.nameRequired : null),
    () => (text(value).trim() === '' ? messages.nameInvalid : null),
  )

/**
 * A name as the catalogue and content services check it (their parse_name): empty 'Please
 * enter Name', only white space 'Please enter valid Name', then the limit (lib/limits.ts).
 */
export const nameText =
  (limit: TextLimit): Validator =>
  (value) =>
    dialogName(value) ?? overLimit(limit, value)

export const rejectReason: Validator = (value) => (text(value).trim() === '' ? messages.reasonRequired : null)

// ---- Sub admin ----------------------------------------------------------

/** Identity's checks (services/identity/src/validate.rs): blank or only white space, then the limit. */
export const firstName: Validator = (value) =>
  text(value).trim() === '' ? messages.firstNameRequired : overLimit(LIMITS.subAdmin.firstName, value)
export const lastName: Validator = (value) =>
  text(value).trim() === '' ? messages.lastNameRequired : overLimit(LIMITS.subAdmin.lastName, value)
/** A sub-admin's email: the sign-in's rules, within the common limit (services/common/src/rules.rs). */
export const subAdminEmail: Validator = (value) => loginEmail(value) ?? overLimit(LIMITS.email, value)

/** Sub-admin password: required when adding, optional when editing; 6 to 20 characters, no spaces. */
export const subAdminPassword =
  (required: boolean): Validator =>
  (value) => {
    const v = text(value)
    if (v === '') return required ? messages.passwordRequired : null
    return firstOf(
      () => (lengthBetween(v, 6, 20) ? null : messages.subAdminPasswordLength),
      () => (hasSpace(v) ? messages.subAdminPasswordSpaces : null),
    )
  }

export const permissionsSelected: Validator = (value) => {
  const list = Array.isArray(value) ? (value as Array<{ actions?: unknown[] }>) : []
  return list.some((p) => Array.isArray(p.actions) && p.actions.length > 0) ? null : messages.permissionsRequired
}

// ---- Places (the location selects of every address) ------------------------

const selected =
  (message: string): Validator =>
  (value) =>
    (Array.isArray(value) ? value.length === 0 : text(value).trim() === '') ? message : null

export const country = selected(messages.countryRequired)
export const state = selected(messages.stateRequired)
export const city = selected(messages.cityRequired)

// ---- Order on a page (FAQs, leaders) -------------------------------------

/** A whole number from 0 to the content service's most. */
export const displayOrder: Validator = (value) => {
  const v = text(value).trim()
  return /^\d{1,7}$/.test(v) && Number(v) <= ORDER_MAX ? null : messages.orderInvalid
}

// ---- antd adapters ------------------------------------------------------

/** An antd rule from a validator. */
export function rule(validate: Validator): FormRule {
  return {
    validator: (_rule, value) => {
      const found = validate(value)
      return found ? Promise.reject(new Error(found)) : Promise.resolve()
    },
  }
}

/** An antd rule comparing the value with another field of the same form (its name or path). */
export function ruleWith(
  other: string | Array<string | number>,
  validate: (value: unknown, otherValue: unknown) => string | null,
): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value) => {
      const found = validate(value, getFieldValue(other))
      return found ? Promise.reject(new Error(found)) : Promise.resolve()
    },
  })
}
