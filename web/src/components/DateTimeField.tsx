/**
 * A day and a time of day (12-hour clock) as a field of a record's form. Its own module, apart
 * from FormField's others: the date picker and dayjs are 32 kB brotli that only the forms with a
 * date (the event form) should load (scripts/bundle-size.mjs holds every route to its budget).
 */
import { DatePicker } from 'antd'
import { FormField, type FieldProps } from './FormField'

export function DateTimeField(field: FieldProps) {
  return (
    <FormField {...field}>
      <DatePicker
        showTime={{ format: 'hh:mm A', use12Hours: true }}
        format="MMM D YYYY, hh:mm A"
        style={{ width: '100%' }}
        aria-label={field.label}
      />
    </FormField>
  )
}
