/**
 * Field errors of a failed call, for antd forms. The BFF names the failing fields in `errors`,
 * either as a list `[{ field, message }]` or as an object `{ field: message }`; a nested field
 * is written 'paymentMethods.0.routingNumber' or 'paymentMethods[0].routingNumber'.
 */
import { isApiError } from './http'
import type { FormInstance } from 'antd'

export type FieldPath = Array<string | number>

export interface FieldErrorEntry {
  name: FieldPath
  errors: string[]
}

/** 'paymentMethods[0].routingNumber' -> ['paymentMethods', 0, 'routingNumber'] */
export function fieldPathOf(field: string): FieldPath {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

/** The field errors of a failed call (none for other failures). */
export function fieldErrorsOf(error: unknown): FieldErrorEntry[] {
  if (!isApiError(error)) return []
  const errors = (error.response?.data as { errors?: unknown } | undefined)?.errors
  const pairs: Array<[string, string]> = []
  if (Array.isArray(errors)) {
    for (const item of errors) {
      const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown }
      if (typeof field === 'string' && typeof message === 'string') pairs.push([field, message])
    }
  } else if (errors && typeof errors === 'object') {
    for (const [field, message] of Object.entries(errors as Record<string, unknown>)) {
      if (typeof message === 'string') pairs.push([field, message])
      else if (Array.isArray(message) && typeof message[0] === 'string') pairs.push([field, message[0]])
    }
  }
  return pairs
    .filter(([field]) => field !== '')
    .map(([field, message]) => ({ name: fieldPathOf(field), errors: [message] }))
}

/**
 * A form's `onValuesChange` that clears the server's error of each field the user edits (a
 * field without client rules would otherwise keep a stale message after it is corrected).
 */
export function clearEditedFieldErrors(form: Pick<FormInstance, 'setFields'>) {
  return (changed: object) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
}

/**
 * Shows a failed call's field errors on the form. `rename` maps a server field to the form's
 * field when they differ. Returns how many fields got an error.
 */
export function applyFieldErrors(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  rename: Record<string, FieldPath> = {},
): number {
  const entries = fieldErrorsOf(error).map((e) => {
    const key = e.name.join('.')
    return rename[key] ? { ...e, name: rename[key] } : e
  })
  if (entries.length > 0) form.setFields(entries)
  return entries.length
}
