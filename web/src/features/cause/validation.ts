/**
 * Cause form rules (bff/API.md): Name required ('Please enter Name'), not only whitespace
 * ('Please enter valid Name'), at most 100 characters; Description optional, at most 500.
 */
import { dialogName, type Validator } from '../../lib/validators'

export const NAME_MAX_LENGTH = 100
export const DESCRIPTION_MAX_LENGTH = 500

export const causeMessages = {
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
} as const

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value))

export const causeName: Validator = (value) =>
  dialogName(value) ?? (text(value).trim().length > NAME_MAX_LENGTH ? causeMessages.nameTooLong : null)

export const causeDescription: Validator = (value) =>
  text(value).trim().length > DESCRIPTION_MAX_LENGTH ? causeMessages.descriptionTooLong : null
