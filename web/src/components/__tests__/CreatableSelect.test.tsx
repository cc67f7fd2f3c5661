import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { CreatableSelect, type CreatableOption } from '../CreatableSelect'

const OPTIONS: CreatableOption[] = [
  { value: '1', label: 'Albany' },
  { value: '2', label: 'Buffalo' },
]

function Field({
  multiple,
  onValue,
  onCreate,
  initial,
}: {
  multiple?: boolean
  onValue: (v: unknown) => void
  onCreate?: (t: string) => void
  initial?: string | string[]
}) {
  const [value, setValue] = useState<string | string[] | undefined>(initial)
  return (
    <CreatableSelect
      aria-label="City"
      mode={multiple ? 'multiple' : undefined}
      options={OPTIONS}
      value={value}
      onCreate={onCreate}
      onChange={(next) => {
        setValue(next)
        onValue(next)
      }}
    />
  )
}

const combobox = () => screen.getByRole('combobox')
const optionTexts = () =>
  Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((e) => e.textContent)
const search = (text: string) => {
  fireEvent.mouseDown(combobox())
  fireEvent.change(combobox(), { target: { value: text } })
}
const choose = (text: string) =>
  fireEvent.click(screen.getByText(text, { selector: '.ant-select-item-option-content' }))

describe('CreatableSelect', () => {
  it('offers to add a typed value that is not an option, and selects it', async () => {
    const onValue = vi.fn()
    const onCreate = vi.fn()
    render(<Field onValue={onValue} onCreate={onCreate} />)
    search('Rochester')
    await waitFor(() => expect(optionTexts()).toEqual(['Add “Rochester”']))
    choose('Add “Rochester”')
    expect(onCreate).toHaveBeenCalledWith('Rochester')
    expect(onValue).toHaveBeenLastCalledWith('Rochester')
    await waitFor(() => expect(document.querySelector('.ant-select-content')?.getAttribute('title')).toBe('Rochester'))
    // The new option stays available, and is not offered again.
    search('rochester')
    await waitFor(() => expect(optionTexts()).toEqual(['Rochester']))
  })

  it('filters the options and offers no adding for a known label', async () => {
    const onValue = vi.fn()
    render(<Field onValue={onValue} />)
    search('alb')
    await waitFor(() => expect(optionTexts()).toEqual(['Albany', 'Add “alb”']))
    search('albany')
    await waitFor(() => expect(optionTexts()).toEqual(['Albany']))
    choose('Albany')
    expect(onValue).toHaveBeenLastCalledWith('1')
  })

  it('adds values in multiple mode', async () => {
    const onValue = vi.fn()
    render(<Field multiple onValue={onValue} initial={['2']} />)
    search('Ithaca')
    await waitFor(() => expect(optionTexts()).toContain('Add “Ithaca”'))
    choose('Add “Ithaca”')
    expect(onValue).toHaveBeenLastCalledWith(['2', 'Ithaca'])
  })

  it('shows a saved value that is not among the options', () => {
    render(<Field onValue={() => {}} initial="Utica" />)
    expect(document.querySelector('.ant-select-content')?.getAttribute('title')).toBe('Utica')
  })
})
