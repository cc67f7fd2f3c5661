import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FormEvent } from 'react'
import { Input } from 'antd'
import { LightField } from '../LightField'
import { useLightForm } from '../useLightForm'
import { loginEmail } from '../../lib/validators'

function EmailForm({ onValid }: { onValid: (values: { email: string }) => void }) {
  const { values, errors, setValue, validate } = useLightForm({ email: loginEmail })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const valid = validate()
    if (valid) onValid(valid)
  }
  return (
    <form noValidate onSubmit={submit}>
      <LightField
        label="Email"
        error={errors.email}
        input={(field) => <Input {...field} value={values.email} onChange={(e) => setValue('email', e.target.value)} />}
      />
      <button type="submit">Send</button>
    </form>
  )
}

describe('LightField and useLightForm', () => {
  it('checks on submit, ties the message to its input, and clears it once the value passes', async () => {
    const onValid = vi.fn()
    render(<EmailForm onValid={onValid} />)
    const email = screen.getByLabelText('Email')
    expect(email.getAttribute('aria-invalid')).toBe('false')

    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Email is required')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toBe(alert.id)
    expect(onValid).not.toHaveBeenCalled()

    // Checked as it changes, as antd's Form does.
    await userEvent.type(email, 'nope')
    expect(screen.getByRole('alert').textContent).toBe('Please enter valid email address.')
    await userEvent.type(email, '@example.org')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(email.getAttribute('aria-describedby')).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(onValid).toHaveBeenCalledWith({ email: 'nope@example.org' })
  })
})
