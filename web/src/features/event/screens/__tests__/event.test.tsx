import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { META_DATA } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const LIST = 'POST /admin/event/eventFilter'
const ADD = 'POST /admin/event/addEvent'
const FIND = 'POST /admin/event/findEvent/e1'
const REMOVE = 'DELETE /v1/event/removeMember'
const EXPORT = 'GET /v1/event/eventDetailsExport/e1'

const start = Date.UTC(2026, 11, 4, 15, 0)
const picnic = {
  _id: 'e1',
  title: 'Park Picnic',
  description: '<p>Bring food.</p>',
  images: ['i1.png'],
  video: 'v1.mp4',
  startsAt: start,
  endsAt: start + 2 * 3600_000,
  timeZone: 'America/New_York',
  isOnline: false,
  onlineLink: '',
  address: 'Central Park',
  city: '',
  state: '',
  country: '',
  cityId: '',
  stateId: '',
  countryId: '',
  zipCode: '',
  hostType: 'community',
  hostId: 'c1',
  hostName: 'Garden Friends',
  capacity: 0,
  interestedCount: 1,
  goingCount: 2,
  notGoingCount: 0,
  isDeleted: false,
  deletedAt: null,
  createdAt: start - 86400_000,
  updatedAt: start - 86400_000,
}
const member = (id: string, name: string, status: number) => ({
  _id: id,
  donorId: `d-${id}`,
  name,
  email: `${id}@example.org`,
  avatar: '',
  status,
  joinedAt: start,
})
const MEMBERS: Record<number, ReturnType<typeof member>[]> = {
  1: [member('m1', 'Ivy Interested', 1)],
  2: [member('m2', 'Gus Going', 2), member('m3', 'Gail Going', 2)],
  3: [],
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(LIST, (call) => {
      const filter = (call.body as { filter: string }).filter
      const row = filter === 'deleted' ? { ...picnic, _id: 'e2', title: 'Old Fair', isDeleted: true } : picnic
      return [200, { message: 'ok', data: [row], total_records: 1 }]
    })
    .on(FIND, (call) => {
      const status = (call.body as { status: number }).status
      return [
        200,
        { message: 'ok', data: { event: picnic, members: MEMBERS[status] }, total_records: MEMBERS[status].length },
      ]
    })
    .on('GET /auth/metaData', META_DATA)
})

afterEach(() => api.restore())

const LOAD = { timeout: 15000 }
const buttonIn = (root: HTMLElement, text: string | RegExp) =>
  within(root).getAllByText(text, { selector: 'button span' })[0].closest('button') as HTMLButtonElement
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const labelled = (selector: string, label: string) =>
  document.querySelector(`${selector}[aria-label="${label}"]`) as HTMLElement | null
const found = async (selector: string, label: string) => {
  await waitFor(() => expect(labelled(selector, label)).toBeTruthy(), LOAD)
  return labelled(selector, label) as HTMLElement
}
const answerYes = async (title: string) => {
  const dialog = (await screen.findByText(title)).closest('[role="dialog"]') as HTMLElement
  await userEvent.click(await waitFor(() => within(dialog).getByRole('button', { name: /Yes$/ })))
}
const tab = (name: RegExp | string) => screen.getByText(name, { selector: '[role="tab"]' })

describe('Event list', () => {
  it('asks the upcoming events soonest first, then each filter', async () => {
    renderApp('/event', mainAdmin)
    expect(await screen.findByText('Park Picnic', undefined, LOAD)).toBeTruthy()
    expect(api.callsTo(LIST)[0].body).toEqual({
      page: 1,
      limit: 10,
      search: '',
      column: 'startsAt',
      order: 'asc',
      filter: 'upcoming',
    })
    // Shown in the event's own time zone (10:00 in New York is 15:00 UTC).
    expect(screen.getByText('Dec 4 2026,10:00 am')).toBeTruthy()
    await userEvent.click(tab('Past'))
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({
        filter: 'past',
        column: 'startsAt',
        order: 'desc',
        page: 1,
      }),
    )
    await userEvent.click(tab('Deleted'))
    expect(await screen.findByText('Old Fair')).toBeTruthy()
    expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({ filter: 'deleted' })
  })

  it('deletes and restores after the confirmation, with the server messages', async () => {
    api.on('POST /admin/event/deleteEvent/e1', [200, { message: 'Event deleted Successfully', data: picnic }])
    api.on('POST /admin/event/deleteEvent/e2', [200, { message: 'Event Restore Successfully', data: picnic }])
    renderApp('/event', mainAdmin)
    await userEvent.click(await found('button', 'Delete Park Picnic'))
    await answerYes('Are you sure you want to Delete ?')
    expect(await screen.findByText('Event deleted Successfully')).toBeTruthy()
    expect(api.callsTo('POST /admin/event/deleteEvent/e1')[0].body).toEqual({ isDeleted: true })
    await userEvent.click(tab('Deleted'))
    await userEvent.click(await found('button', 'Restore Old Fair'))
    await answerYes('Are you sure you want to Restore ?')
    expect(await screen.findByText('Event Restore Successfully')).toBeTruthy()
    expect(api.callsTo('POST /admin/event/deleteEvent/e2')[0].body).toEqual({ isDeleted: false })
  })

  it('a sub-admin who may only view has no Add, Edit or Delete', async () => {
    renderApp('/event', subAdmin({ '/event': ['view'] }))
    expect(await screen.findByText('Park Picnic', undefined, LOAD)).toBeTruthy()
    expect(screen.queryByText('Add Event')).toBeNull()
    expect(labelled('a', 'Edit Park Picnic')).toBeNull()
    expect(labelled('button', 'Delete Park Picnic')).toBeNull()
    expect(labelled('a', 'View Park Picnic')).toBeTruthy()
  })
})

describe('Event form', () => {
  it("shows the contract's messages and sends nothing", async () => {
    renderApp('/event/event_add', mainAdmin)
    await screen.findByLabelText('Event Title', undefined, LOAD)
    fireEvent.change(input('Capacity'), { target: { value: '' } })
    await userEvent.click(buttonIn(document.body, 'Save'))
    expect(await screen.findByText('Please enter Event Title')).toBeTruthy()
    expect(screen.getByText('Please enter Description')).toBeTruthy()
    expect(screen.getByText('Please select Start Date')).toBeTruthy()
    expect(screen.getByText('Please select End Date')).toBeTruthy()
    expect(screen.getByText('Please enter Venue')).toBeTruthy()
    expect(screen.getByText('Please select Host')).toBeTruthy()
    expect(screen.getByText('Please enter valid Capacity')).toBeTruthy()
    // Online: a link instead of a venue, http or https only.
    await userEvent.click(labelled('[role="switch"]', 'Online Event') as HTMLElement)
    fireEvent.change(await screen.findByLabelText('Online Link'), { target: { value: 'ftp://example.org' } })
    expect(await screen.findByText('Please enter valid link')).toBeTruthy()
    expect(screen.queryByText('Please enter Venue')).toBeNull()
    expect(api.callsTo(ADD)).toHaveLength(0)
  })

  it('edits from the saved values: the picked times are read in the event time zone', async () => {
    api.on('PATCH /admin/event/editEvent/e1', [200, { message: 'Event updated successfully', data: picnic }])
    const { router } = renderApp('/event/event_edit/e1', mainAdmin)
    await waitFor(() => expect(input('Event Title').value).toBe('Park Picnic'), LOAD)
    fireEvent.change(input('Event Title'), { target: { value: 'Park Picnic II' } })
    await userEvent.click(buttonIn(document.body, 'Save'))
    await waitFor(() => expect(api.callsTo('PATCH /admin/event/editEvent/e1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/event/editEvent/e1')[0].body).toEqual({
      title: 'Park Picnic II',
      description: '<p>Bring food.</p>',
      images: ['i1.png'],
      video: 'v1.mp4',
      startsAt: picnic.startsAt,
      endsAt: picnic.endsAt,
      timeZone: 'America/New_York',
      isOnline: false,
      onlineLink: '',
      address: 'Central Park',
      country: '',
      state: '',
      city: '',
      countryId: '',
      stateId: '',
      cityId: '',
      zipCode: '',
      hostType: 'community',
      hostId: 'c1',
      capacity: 0,
    })
    expect(await screen.findByText('Event updated successfully')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/event'))
  })
})

describe('Event view', () => {
  it('shows the members of each tab (status 1, 2, 3)', async () => {
    renderApp('/event/event_view/e1', mainAdmin)
    expect(await screen.findByText('Ivy Interested', undefined, LOAD)).toBeTruthy()
    expect(
      api
        .callsTo(FIND)
        .some(
          (c) =>
            (c.body as { status: number; limit: number }).status === 1 && (c.body as { limit: number }).limit === 10,
        ),
    ).toBe(true)
    await userEvent.click(tab(/^Going/))
    expect(await screen.findByText('Gail Going')).toBeTruthy()
    expect(api.callsTo(FIND).at(-1)?.body).toEqual({ status: 2, page: 1, limit: 10, search: '' })
    await userEvent.click(tab(/^Not going/))
    await waitFor(() => expect(api.callsTo(FIND).at(-1)?.body).toMatchObject({ status: 3 }))
  })

  it('removes a member after the confirmation and asks the tab it was in again', async () => {
    api.on(REMOVE, [200, { message: 'Member removed successfully', data: { status: 2 } }])
    renderApp('/event/event_view/e1', mainAdmin)
    await screen.findByText('Ivy Interested', undefined, LOAD)
    await userEvent.click(tab(/^Going/))
    await userEvent.click(await found('button', 'Remove Gus Going'))
    const before = api.callsTo(FIND).filter((c) => (c.body as { status: number }).status === 2).length
    await answerYes('Are you sure you want to Remove this member ?')
    expect(await screen.findByText('Member removed successfully')).toBeTruthy()
    expect(api.callsTo(REMOVE)[0].body).toEqual({ _id: 'm2' })
    await waitFor(() =>
      expect(api.callsTo(FIND).filter((c) => (c.body as { status: number }).status === 2).length).toBeGreaterThan(
        before,
      ),
    )
  })

  it('exports the members as event-<id>.xlsx', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4])
    api.on(EXPORT, () => [200, bytes.buffer])
    const saved: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    renderApp('/event/event_view/e1', mainAdmin)
    await screen.findByText('Ivy Interested', undefined, LOAD)
    await userEvent.click(buttonIn(document.body, 'Export to Excel'))
    await waitFor(() => expect(saved).toEqual(['event-e1.xlsx']))
    expect(api.callsTo(EXPORT)).toHaveLength(1)
    click.mockRestore()
  })

  it('a sub-admin who may only view has no Remove or Edit', async () => {
    renderApp('/event/event_view/e1', subAdmin({ '/event': ['view'] }))
    expect(await screen.findByText('Ivy Interested', undefined, LOAD)).toBeTruthy()
    expect(labelled('button', 'Remove Ivy Interested')).toBeNull()
    expect(screen.queryByText('Edit', { selector: 'button span' })).toBeNull()
  })
})
