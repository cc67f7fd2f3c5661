import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { withPlaces } from '../../../../testing/places'
import { META_DATA, numberedUploads } from '../../../../testing/media'
import { mainAdmin } from '../../../../testing/users'
import { resetMetaData } from '../../../../lib/meta-data'
import { clearLocationCache } from '../../../../lib/locations'
import { annDetail } from './donor-fixture'

const CREATE = 'POST /admin/user/create'
const LONG = 30_000
let api: MockApi

beforeEach(() => {
  resetMetaData()
  clearLocationCache()
  api = withPlaces(mockApi())
  api
    .on('GET /auth/metaData', META_DATA)
    .on('POST /admin/user/userList', [200, { message: 'ok', data: [], total_records: 0 }])
    .on('POST /local-image/uploadImage', numberedUploads('donor'))
})

afterEach(() => api.restore())

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
const save = () => userEvent.click(button('Save'))

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label))
  const found = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(found[found.length - 1])
}

describe('Donor form', () => {
  it("checks with the service's messages and sends nothing", async () => {
    renderApp('/donor/donor_add', mainAdmin)
    await screen.findByLabelText('First Name')
    await save()
    expect(await screen.findByText('Please enter First Name')).toBeTruthy()
    expect(screen.getByText('Please enter Last Name')).toBeTruthy()
    expect(screen.getByText('Please enter Email')).toBeTruthy()
    fill('Email', 'not-an-email')
    fill('Phone Number', '555')
    fill('Zip Code', '123')
    await save()
    expect(await screen.findByText('Please enter valid email address.')).toBeTruthy()
    expect(screen.getByText('Please enter valid Phone Number')).toBeTruthy()
    expect(screen.getByText('Please enter valid Zip Code')).toBeTruthy()
    expect(api.callsTo(CREATE)).toHaveLength(0)
  })

  it(
    'creates a donor with an avatar and a place, then goes to the list',
    async () => {
      api.on(CREATE, [200, { message: 'Donor created successfully', data: { ...annDetail.donor, _id: 'n1' } }])
      const { router } = renderApp('/donor/donor_add', mainAdmin)
      await screen.findByLabelText('First Name')
      fill('First Name', ' Cara ')
      fill('Last Name', 'Diaz')
      fill('Email', 'cara@example.org')
      fill('Phone Number', '5551234567')
      fill('Address', '2 Elm St')
      fill('Zip Code', '122071234')
      const uploader = document.querySelector('[role="group"][aria-label="Avatar"]') as HTMLElement
      fireEvent.change(within(uploader).getByLabelText('Choose images'), {
        target: { files: [new File(['img'], 'cara.png', { type: 'image/png' })] },
      })
      await waitFor(() => expect(uploader.querySelector('img[alt$="-cara.png"]')).toBeTruthy())
      await pick('Country', 'United States')
      await pick('State', 'New York')
      await pick('City', 'Albany')
      await save()
      await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1))
      expect(api.callsTo(CREATE)[0].body).toEqual({
        firstName: 'Cara',
        lastName: 'Diaz',
        email: 'cara@example.org',
        phoneNumber: '5551234567',
        avatar: '1-cara.png',
        address: '2 Elm St',
        country: 'United States',
        state: 'New York',
        city: 'Albany',
        countryId: '233',
        stateId: '3956',
        cityId: '111',
        zipCode: '12207-1234',
      })
      expect((api.callsTo('POST /local-image/uploadImage')[0].body as FormData).get('moduleName')).toBe('donor')
      await waitFor(() => expect(router.state.location.pathname).toBe('/donor'))
      expect(await screen.findByText('Donor created successfully')).toBeTruthy()
    },
    LONG,
  )

  it(
    'shows the server field errors on their fields',
    async () => {
      api.on(CREATE, [
        409,
        { message: 'Email already exists', errors: [{ field: 'email', message: 'Email already exists' }] },
      ])
      renderApp('/donor/donor_add', mainAdmin)
      await screen.findByLabelText('First Name')
      fill('First Name', 'Cara')
      fill('Last Name', 'Diaz')
      fill('Email', 'ann@example.org')
      await save()
      await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1))
      const emailItem = screen.getByLabelText('Email').closest('.ant-form-item') as HTMLElement
      await waitFor(() => expect(within(emailItem).getByText('Email already exists')).toBeTruthy())
      expect(api.callsTo(CREATE)[0].body).toMatchObject({ avatar: '', country: '', countryId: '', zipCode: '' })
    },
    LONG,
  )

  it(
    'edits a saved donor, starting from its values',
    async () => {
      api
        .on('GET /admin/user/viewUserDetails/d1', [200, { message: 'ok', data: annDetail }])
        .on('PATCH /admin/user/update/d1', [200, { message: 'Donor updated successfully', data: annDetail.donor }])
      const { router } = renderApp('/donor/donor_edit/d1', mainAdmin)
      await waitFor(() => expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ann'))
      expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('(555) 123-4567')
      await waitFor(() =>
        expect(document.querySelector('img[alt="ann.png"]')?.getAttribute('src')).toBe(
          'https://cdn.example.org/media/donor/ann.png',
        ),
      )
      fill('Last Name', 'Leigh')
      await save()
      await waitFor(() => expect(api.callsTo('PATCH /admin/user/update/d1')).toHaveLength(1))
      expect(api.callsTo('PATCH /admin/user/update/d1')[0].body).toEqual({
        firstName: 'Ann',
        lastName: 'Leigh',
        email: 'ann@example.org',
        phoneNumber: '5551234567',
        avatar: 'ann.png',
        address: '1 Main St',
        country: 'United States',
        state: 'New York',
        city: 'Albany',
        countryId: '233',
        stateId: '3956',
        cityId: '111',
        zipCode: '12207',
      })
      await waitFor(() => expect(router.state.location.pathname).toBe('/donor'))
    },
    LONG,
  )

  it('says when the donor is not found', async () => {
    api.on('GET /admin/user/viewUserDetails/zz', [404, { message: 'Donor not found' }])
    renderApp('/donor/donor_edit/zz', mainAdmin)
    expect((await screen.findAllByText('Donor not found')).length).toBeGreaterThan(0)
  })
})
