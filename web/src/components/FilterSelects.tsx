/**
 * Selects among a list's filters (ListCard's `filters`, kept in the URL with useListFilters):
 * each one clearable, named by its label, showing its placeholder while no value is chosen
 * ('' in the URL).
 */
import { Select } from 'antd'

export interface FilterChoice<K extends string> {
  /** The filter's name in the URL. */
  name: K
  /** The select's accessible name ('Filter by Status'). */
  label: string
  /** Shown while none is chosen ('All statuses'). */
  placeholder: string
  /** Its least width, in pixels. */
  width: number
  options: Array<{ value: string; label: string }>
  /** Typing narrows the options. */
  search?: boolean
}

export function FilterSelects<K extends string>({
  choices,
  values,
  onChange,
}: {
  choices: Array<FilterChoice<K>>
  /** The chosen values ('' or absent: none). */
  values: Partial<Record<NoInfer<K>, string>>
  onChange: (change: Partial<Record<NoInfer<K>, string>>) => void
}) {
  return choices.map(({ name, label, placeholder, width, options, search }) => (
    <Select
      key={name}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={search}
      // A search matches what the option shows, not its value (a slug, an id).
      optionFilterProp="label"
      // Every option in the page (these lists are short): none is left out of reach of a
      // screen reader or a test by the virtual list's window of ten.
      virtual={false}
      style={{ minWidth: width }}
      options={options}
      value={values[name] || null}
      onChange={(value?: string | null) => onChange({ [name]: value ?? '' } as Partial<Record<K, string>>)}
    />
  ))
}
