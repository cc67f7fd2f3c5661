import { useCallback, useState } from 'react'
import type { Validator } from '../lib/validators'

/**
 * A form of text fields without the console's form engine, for what loads before it or on
 * every screen: the sign-in page (at most 200 kB gzip, scripts/bundle-size.mjs) and the confirm
 * dialog of every list (a Name or a Reason; every screen at most 350 kB brotli), which antd's
 * Form, its field store, async-validator and the label tooltip do not fit (about 21 kB brotli).
 * Every other form uses antd's Form; this one keeps its behaviour: each field is checked as it
 * changes and all of them on submit, with the same validators (lib/validators.ts) and messages.
 */
export function useLightForm<Name extends string>(validators: Record<Name, Validator>) {
  const names = Object.keys(validators) as Name[]
  const [values, setValues] = useState<Record<Name, string>>(
    () => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>,
  )
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({})

  /** Starts again from `start` (empty for a field it leaves out), without messages. */
  const reset = useCallback(
    (start: Partial<Record<Name, string>> = {}) => {
      const fields = Object.keys(validators) as Name[]
      setValues(Object.fromEntries(fields.map((name) => [name, start[name] ?? ''])) as Record<Name, string>)
      setErrors({})
    },
    [validators],
  )

  const setValue = useCallback(
    (name: Name, value: string) => {
      setValues((current) => ({ ...current, [name]: value }))
      setErrors((current) => ({ ...current, [name]: validators[name](value) ?? undefined }))
    },
    [validators],
  )

  /** Checks every field; answers the values when all pass, else null (the messages are shown). */
  const validate = (): Record<Name, string> | null => {
    const found = Object.fromEntries(names.map((name) => [name, validators[name](values[name]) ?? undefined]))
    setErrors(found as Partial<Record<Name, string>>)
    return Object.values(found).some(Boolean) ? null : values
  }

  return { values, errors, setValue, validate, reset }
}
