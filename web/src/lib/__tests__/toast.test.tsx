import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { Providers } from '../../app/Providers'
import { toast } from '../toast'

describe('toasts (antd notification, loaded on demand)', () => {
  it('shows the toasts asked for before the notification code was there, none lost', async () => {
    toast.success('Saved successfully')
    toast.error('Something went wrong')
    const saved = await screen.findByText('Saved successfully')
    expect(saved.closest('.ant-notification-notice-success')).not.toBeNull()
    const failed = await screen.findByText('Something went wrong')
    expect(failed.closest('.ant-notification-notice-error')).not.toBeNull()
  })

  it("in the app: a toast asked for before the app's instance is mounted waits for it, then shows", async () => {
    await act(async () => {
      render(
        <Providers>
          <p>page</p>
        </Providers>,
      )
      toast.warning('Session ends soon', 'session')
      toast.warning('Session ends now', 'session')
    })
    const shown = await screen.findByText('Session ends now')
    expect(shown.closest('.ant-notification-notice-warning')).not.toBeNull()
    // The same key: the second replaced the first.
    expect(screen.queryByText('Session ends soon')).toBeNull()
  })
})
