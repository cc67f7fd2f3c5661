import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { Form, Input } from 'antd'
import { createMemoryRouter, RouterProvider, useParams } from 'react-router'
import { FormScreen } from '../FormScreen'
import { useFormScreen } from '../useFormScreen'
import { createQueryClient } from '../../lib/query'
import { toast } from '../../lib/toast'
import { apiClient } from '../../lib/api-client'
import { deferred } from '../../testing/deferred'
import { mockApi } from '../../testing/mock-api'

interface Thing {
  id: string
  name: string
}
interface Values {
  name: string
}

const LIST = '/things'

/** A form screen of things on the helper, as the feature screens are written. */
function ThingFormScreen({
  load,
  save,
}: {
  load: (id: string) => Promise<Thing>
  save: (body: Values) => Promise<{ message?: string }>
}) {
  const { id } = useParams()
  const [form] = Form.useForm<Values>()
  const formScreen = useFormScreen({
    listPath: LIST,
    recordKey: id ? ['thing', id] : null,
    load: () => load(id ?? ''),
    form,
    valuesOf: (thing: Thing) => ({ name: thing.name }),
    save,
    refresh: ['thing'],
    serverFields: { title: ['name'] },
  })
  return (
    <FormScreen<Values>
      screen={formScreen}
      title={id ? 'Edit Thing' : 'Add Thing'}
      form={form}
      initialValues={{ name: '' }}
      onFinish={(values) => formScreen.save.mutate({ name: values.name.trim() })}
    >
      <Form.Item label="Name" name="name">
        <Input />
      </Form.Item>
    </FormScreen>
  )
}

function renderAt(entries: string[], props: Parameters<typeof ThingFormScreen>[0]) {
  const router = createMemoryRouter(
    [
      { path: '/things/add', element: <ThingFormScreen {...props} /> },
      { path: '/things/:id', element: <ThingFormScreen {...props} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

const never = () => new Promise<never>(() => undefined)
const button = (name: string) => screen.getByRole('button', { name })

afterEach(() => vi.restoreAllMocks())

describe('FormScreen and useFormScreen', () => {
  it('shows the skeleton while the record loads, then the form filled from it', async () => {
    const answer = deferred<Thing>()
    const load = vi.fn(() => answer.promise)
    renderAt(['/things/t1'], { load, save: never })
    expect(await screen.findByText('Edit Thing')).toBeTruthy()
    expect(document.querySelector('.ant-skeleton')).toBeTruthy()
    expect((document.querySelector('form') as HTMLElement).style.display).toBe('none')
    answer.resolve({ id: 't1', name: 'Blue kite' })
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Blue kite'))
    expect(document.querySelector('.ant-skeleton')).toBeNull()
    expect((document.querySelector('form') as HTMLElement).style.display).toBe('')
    expect(load).toHaveBeenCalledWith('t1')
  })

  it('an add form loads nothing and shows the form at once', async () => {
    const load = vi.fn(never)
    renderAt(['/things/add'], { load, save: never })
    expect(await screen.findByText('Add Thing')).toBeTruthy()
    expect(document.querySelector('.ant-skeleton')).toBeNull()
    expect(load).not.toHaveBeenCalled()
  })

  it('shows the load failure with Back, which goes to the list', async () => {
    const router = renderAt(['/somewhere', '/things/t1'], {
      load: () => Promise.reject(new Error('Thing not found')),
      save: never,
    })
    expect(await screen.findByText('Thing not found')).toBeTruthy()
    expect(screen.getByText('Edit Thing')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    await userEvent.click(button('Back'))
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST))
  })

  it('Cancel goes to the list when the form is the first page of the visit', async () => {
    const router = renderAt(['/things/add'], { load: never, save: never })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST))
  })

  it('Cancel goes back when there is history in the console', async () => {
    const router = renderAt(['/somewhere', '/things/add'], { load: never, save: never })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/somewhere'))
    expect(screen.getByText('elsewhere')).toBeTruthy()
  })

  it('a save shows the server message and goes to the list', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined)
    const save = vi.fn(async (_body: Values) => ({ message: 'Thing created successfully' }))
    const router = renderAt(['/somewhere', '/things/add'], { load: never, save })
    await userEvent.type(await screen.findByLabelText('Name'), ' Red kite ')
    await userEvent.click(button('Save'))
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST))
    expect(save.mock.calls.map((call) => call[0])).toEqual([{ name: 'Red kite' }])
    expect(success).toHaveBeenCalledWith('Thing created successfully')
  })

  it("a refused save stays on the form with the server's field errors on their fields", async () => {
    const api = mockApi().on('POST /things/create', [
      400,
      { message: 'Validation failed', errors: [{ field: 'title', message: 'Name already exists' }] },
    ])
    try {
      const save = async (body: Values) => (await apiClient.post<{ message?: string }>('/things/create', body)).data
      const router = renderAt(['/things/add'], { load: never, save })
      await userEvent.type(await screen.findByLabelText('Name'), 'Red kite')
      await userEvent.click(button('Save'))
      expect(await screen.findByText('Name already exists')).toBeTruthy()
      expect(api.callsTo('POST /things/create')[0].body).toEqual({ name: 'Red kite' })
      expect(router.state.location.pathname).toBe('/things/add')
    } finally {
      api.restore()
    }
  })
})
