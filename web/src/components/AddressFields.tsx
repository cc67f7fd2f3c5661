/**
 * The address of a record's form, in its Row: the street address (two thirds of the row), the
 * zip code, then Country, State and City (LocationFields). The form's values and body are
 * lib/place-values.ts's.
 *
 * `zip` is the zip's pattern input (XXXXX or XXXXX-XXXX, as digits) with its check; without
 * it the zip is free text of at most 10 characters, unchecked.
 */
import type { ComponentProps } from 'react'
import { Input } from 'antd'
import { FormField, PatternField, TextField, ZIP_FORMAT } from './FormField'
import { LocationFields } from './LocationFields'
import type { TextLimit } from '../lib/limits'
import type { Validator } from '../lib/validators'

export interface AddressFieldsProps extends ComponentProps<typeof LocationFields> {
  /** The street address: its label ('Address' unless said), limit and check. */
  address: { label?: string; limit: TextLimit; check?: Validator; required?: boolean; placeholder?: string }
  zip?: { check: Validator; required?: boolean; placeholder: string }
}

export function AddressFields({ address: { label = 'Address', ...address }, zip, ...places }: AddressFieldsProps) {
  return (
    <>
      <TextField md={16} label={label} name="address" {...address} />
      {zip ? (
        <PatternField md={8} label="Zip Code" name="zipCode" format={ZIP_FORMAT} {...zip} />
      ) : (
        <FormField md={8} label="Zip Code" name="zipCode">
          <Input maxLength={10} autoComplete="off" />
        </FormField>
      )}
      <LocationFields {...places} />
    </>
  )
}
