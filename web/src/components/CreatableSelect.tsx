/**
 * Creatable select (SPEC section 2): an antd Select whose search text, when no option has that
 * label, can be added as a new option through an 'Add “text”' entry. Works with one value or
 * several (`mode="multiple"`). Values that are not among the options (created earlier, or a
 * saved value) are shown as options of their own.
 */
import { useMemo, useState } from 'react'
import { Select, type SelectProps } from 'antd'

export interface CreatableOption {
  value: string
  label: string
}

export interface CreatableSelectProps extends Omit<
  SelectProps<string | string[]>,
  'options' | 'value' | 'onChange' | 'mode' | 'showSearch' | 'filterOption'
> {
  options: CreatableOption[]
  value?: string | string[] | null
  onChange?: (value: string | string[] | undefined) => void
  mode?: 'multiple'
  /** Called with the text of an option the person adds (before onChange). */
  onCreate?: (text: string) => void
  /** Text of the adding entry; receives the typed text. */
  createLabel?: (text: string) => string
}

const CREATE_PREFIX = '\u0000create:'

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

const defaultCreateLabel = (text: string) => `Add “${text}”`

export function CreatableSelect({
  options,
  value,
  onChange,
  mode,
  onCreate,
  createLabel = defaultCreateLabel,
  ...selectProps
}: CreatableSelectProps) {
  const [search, setSearch] = useState('')
  const [created, setCreated] = useState<CreatableOption[]>([])

  const values = useMemo(
    () => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]),
    [value],
  )

  const known = useMemo(() => {
    const all = [...options]
    for (const option of created) if (!all.some((o) => o.value === option.value)) all.push(option)
    for (const v of values) if (v !== '' && !all.some((o) => o.value === v)) all.push({ value: v, label: v })
    return all
  }, [options, created, values])

  const typed = search.trim()
  const canCreate = typed !== '' && !known.some((o) => sameText(o.label, typed) || sameText(o.value, typed))
  const visible = known.filter((o) => typed === '' || o.label.toLowerCase().includes(typed.toLowerCase()))
  const shownOptions = canCreate
    ? [...visible, { value: `${CREATE_PREFIX}${typed}`, label: createLabel(typed) }]
    : visible

  const resolve = (picked: string): string => {
    if (!picked.startsWith(CREATE_PREFIX)) return picked
    const text = picked.slice(CREATE_PREFIX.length)
    setCreated((list) => [...list, { value: text, label: text }])
    onCreate?.(text)
    return text
  }

  const change = (next: string | string[] | undefined) => {
    setSearch('')
    if (next === undefined || next === null) {
      onChange?.(mode === 'multiple' ? [] : undefined)
      return
    }
    onChange?.(Array.isArray(next) ? next.map(resolve) : resolve(next))
  }

  return (
    <Select<string | string[]>
      {...selectProps}
      mode={mode}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      options={shownOptions}
      value={mode === 'multiple' ? values : (values[0] ?? undefined)}
      onChange={change}
      onBlur={(e) => {
        setSearch('')
        selectProps.onBlur?.(e)
      }}
    />
  )
}
