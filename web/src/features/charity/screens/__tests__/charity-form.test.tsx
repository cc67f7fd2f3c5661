import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { withPlaces } from '../../../../testing/places'
import { META_DATA, numberedUploads } from '../../../../testing/media'
import { mainAdmin, subAdmin } from '../../../../testing/users'
import { resetMetaData } from '../../../../lib/meta-data'
import { clearLocationCache } from '../../../../lib/locations'
import type { SessionUser } from '../../../../lib/session'
import { charityRecord } from './charity-fixture'

const LIST_PATH = '/master/charity_management'
/** The whole form is large: filling all of it under jsdom takes a while on a busy machine. */
const LONG = 60_000
const CREATE = 'POST /admin/charity/create'

/** The update body of the unchanged record: its input fields (saved payment methods are kept
 * by sending nothing for them). */
const {
  _id,
  categoryName,
  causes,
  paymentMethods,
  adminVerification,
  rejectReason,
  adminApproveAt,
  isActive,
  isImported,
  nteeCode,
  createdAt,
  updatedAt,
  ...savedBody
} = charityRecord

let api: MockApi

beforeEach(() => {
  resetMetaData()
  clearLocationCache()
  api = withPlaces(mockApi())
  api
    .on('GET /auth/metaData', META_DATA)
    .on('POST /admin/charity-category/getAll', [
      200,
      {
        message: 'ok',
        data: [
          { _id: 'cat1', name: 'Health' },
          { _id: 'cat2', name: 'Education' },
        ],
      },
    ])
    .on('POST /admin/cause/getAll', [
      200,
      {
        message: 'ok',
        data: [
          { _id: 'c1', name: 'Clean Water' },
          { _id: 'c2', name: 'Literacy' },
        ],
      },
    ])
    .on('POST /local-image/uploadImage', numberedUploads('charity'))
})

afterEach(() => api.restore())

const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const inputValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

/** Opens the select of a label and picks the option with that text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label))
  const found = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(found[found.length - 1])
}

/** Role queries are slow on a form this large: the tests look elements up by their labels. */
const byAria = (role: string, label: string) => {
  const found = document.querySelector(`[role="${role}"][aria-label="${label}"]`)
  if (!found) throw new Error(`No ${role} ${label}`)
  return found as HTMLElement
}
const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement

function writeRichText(label: string, html: string) {
  const area = byAria('textbox', label)
  area.innerHTML = html
  fireEvent.input(area)
}

function image(name: string): File {
  return new File(['img'], name, { type: 'image/png' })
}

async function uploadTo(group: string, name: string) {
  const uploader = byAria('group', group)
  fireEvent.change(within(uploader).getByLabelText('Choose images'), { target: { files: [image(name)] } })
  await waitFor(() => expect(uploader.querySelector(`img[alt$="-${name}"]`)).toBeTruthy())
}

const save = () => userEvent.click(button('Save'))

describe('Nonprofit form: validation', () => {
  it(
    "shows the contract's messages for empty required fields, and sends nothing",
    async () => {
      renderApp('/master/charity_add', mainAdmin)
      await screen.findByLabelText('Nonprofit Name')
      await save()
      for (const message of [
        'Please enter Nonprofit Name',
        'Please enter Tax ID',
        'Please select Category',
        'Please select Cause',
        'Please upload Logo',
        'Please enter Mission',
        'Please enter Email',
        'Please enter Zip Code',
        'Please enter Phone Number',
        'Please enter Address',
        'Please select Country',
        'Please select State',
        'Please select City',
        'Please enter Admin First Name',
        'Please enter Admin Last Name',
        'Please enter Admin Email',
      ]) {
        expect(await screen.findByText(message), message).toBeTruthy()
      }
      expect(api.callsTo(CREATE)).toHaveLength(0)
    },
    LONG,
  )

  it(
    "shows the contract's messages for invalid values",
    async () => {
      renderApp('/master/charity_add', mainAdmin)
      await screen.findByLabelText('Nonprofit Name')
      fill('Nonprofit Name', 'A')
      fill('Tax ID', '1234')
      fill('Website', 'ftp://water.example.org')
      fill('Email', 'not-an-email')
      fill('Phone Number', '555123')
      fill('Zip Code', '1220')
      fill('Admin Email', 'ann@')
      fill('Admin Phone', '555')
      await save()
      expect(await screen.findByText('Nonprofit Name must be between 2 and 150 characters')).toBeTruthy()
      expect(await screen.findByText('Please enter valid Tax ID')).toBeTruthy()
      expect(await screen.findByText('Please enter valid Website')).toBeTruthy()
      expect(await screen.findAllByText('Please enter valid email address.')).toHaveLength(2)
      expect(await screen.findAllByText('Please enter valid Phone Number')).toHaveLength(2)
      expect(await screen.findByText('Please enter valid Zip Code')).toBeTruthy()
      expect(api.callsTo(CREATE)).toHaveLength(0)
    },
    LONG,
  )

  it('formats the phone as (XXX) XXX-XXXX, the Tax ID as XX-XXXXXXX and a nine-digit zip as XXXXX-XXXX while typing', async () => {
    renderApp('/master/charity_add', mainAdmin)
    await screen.findByLabelText('Phone Number')
    fill('Phone Number', '5551234567')
    expect(inputValue('Phone Number')).toBe('(555) 123-4567')
    fill('Tax ID', '123456789')
    expect(inputValue('Tax ID')).toBe('12-3456789')
    fill('Zip Code', '981011234')
    expect(inputValue('Zip Code')).toBe('98101-1234')
    // Five digits stay as they are; six to eight are not a zip code.
    fill('Zip Code', '98101')
    expect(inputValue('Zip Code')).toBe('98101')
    fill('Zip Code', '98101-12')
    await save()
    expect(await screen.findByText('Please enter valid Zip Code')).toBeTruthy()
  })

  it(
    'checks new bank accounts: 9-digit routing number, 4 to 17 digit account number',
    async () => {
      renderApp('/master/charity_add', mainAdmin)
      await screen.findByLabelText('Nonprofit Name')
      await userEvent.click(button('Add Bank Account'))
      await save()
      expect(await screen.findByText('Please enter Bank Name')).toBeTruthy()
      expect(await screen.findByText('Please enter Account Holder Name')).toBeTruthy()
      fill('Routing Number', '12345678')
      fill('Account Number', '123')
      await save()
      expect(await screen.findByText('Please enter valid Routing Number')).toBeTruthy()
      expect(await screen.findByText('Please enter valid Account Number')).toBeTruthy()
      // Only digits are kept.
      fill('Account Number', '12-34ab')
      expect(inputValue('Account Number')).toBe('1234')
    },
    LONG,
  )
})

describe('Nonprofit form: add', () => {
  it(
    'creates a nonprofit with every field, then shows the message and goes to the list',
    async () => {
      api.on(CREATE, [200, { message: 'Nonprofit created successfully', data: { _id: 'n9' } }])
      const { router } = renderApp('/master/charity_add', mainAdmin)
      await waitFor(() => expect(document.querySelector('.ant-breadcrumb')?.textContent).toContain('Add Nonprofit'))
      expect(document.querySelector('.ant-breadcrumb')?.textContent).toContain('Nonprofit Management')

      fill('Nonprofit Name', ' Water For All ')
      fill('Tax ID', '123456789')
      await pick('Category', 'Health')
      await pick('Causes', 'Clean Water')
      await pick('Causes', 'Literacy')
      fill('Email', 'info@water.example.org')
      fill('Phone Number', '5551234567')
      fill('Website', 'https://water.example.org')
      await uploadTo('Logo', 'logo.png')
      await uploadTo('Images', 'front.png')
      writeRichText('Mission', '<p>Clean <b>water</b><script>x()</script></p>')
      writeRichText('Description', '<p>Since 1990</p>')
      fill('Address', '1 Main St')
      fill('Zip Code', '122071234')
      await pick('Country', 'United States')
      await pick('State', 'New York')
      await pick('City', 'Albany')
      fill('Admin First Name', 'Ann')
      fill('Admin Last Name', 'Lee')
      fill('Admin Email', 'ann@water.example.org')
      fill('Admin Phone', '5559876543')
      await userEvent.click(button('Add Bank Account'))
      fill('Bank Name', 'First Bank')
      fill('Account Holder', 'Water For All')
      fill('Routing Number', '021000021')
      fill('Account Number', '000123456789')

      await save()
      await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1))
      expect(api.callsTo(CREATE)[0].body).toEqual({
        charityName: 'Water For All',
        taxId: '12-3456789',
        categoryId: 'cat1',
        causeIds: ['c1', 'c2'],
        mission: '<p>Clean <b>water</b></p>',
        description: '<p>Since 1990</p>',
        logo: '1-logo.png',
        images: ['2-front.png'],
        website: 'https://water.example.org',
        email: 'info@water.example.org',
        phoneNumber: '5551234567',
        address: '1 Main St',
        city: 'Albany',
        state: 'New York',
        country: 'United States',
        zipCode: '12207-1234',
        countryId: '233',
        stateId: '3956',
        cityId: '111',
        adminFirstName: 'Ann',
        adminLastName: 'Lee',
        adminEmail: 'ann@water.example.org',
        adminPhone: '5559876543',
        paymentMethods: [
          {
            type: 'bank_account',
            bankName: 'First Bank',
            accountHolder: 'Water For All',
            routingNumber: '021000021',
            accountNumber: '000123456789',
          },
        ],
      })
      expect(api.callsTo('POST /local-image/uploadImage').map((c) => (c.body as FormData).get('moduleName'))).toEqual([
        'charity',
        'charity',
      ])
      await waitFor(() => expect(path(router)).toBe(LIST_PATH))
      expect(await screen.findByText('Nonprofit created successfully')).toBeTruthy()
    },
    LONG,
  )

  it("shows the server's field errors on their fields and stays", async () => {
    api.on('GET /admin/charity/get/n1', [200, { message: 'ok', data: charityRecord }])
    api.on('PATCH /admin/charity/update/n1', [
      400,
      {
        message: 'Tax ID already exists',
        code: 'VALIDATION',
        errors: { taxId: 'Tax ID already exists', stateId: 'Unknown state' },
      },
    ])
    const { router } = renderApp('/master/charity_edit/n1', mainAdmin)
    await waitFor(() => expect(inputValue('Nonprofit Name')).toBe('Water For All'))
    await save()
    await waitFor(() => expect(api.callsTo('PATCH /admin/charity/update/n1')).toHaveLength(1))
    const taxIdItem = screen.getByLabelText('Tax ID').closest('.ant-form-item') as HTMLElement
    await waitFor(() => expect(within(taxIdItem).getByText('Tax ID already exists')).toBeTruthy())
    const stateItem = screen.getByLabelText('State').closest('.ant-form-item') as HTMLElement
    expect(within(stateItem).getByText('Unknown state')).toBeTruthy()
    expect(path(router)).toBe('/master/charity_edit/n1')
  })
})

describe('Nonprofit form: edit', () => {
  it('prefills every field and saves the record unchanged with PATCH', async () => {
    api
      .on('GET /admin/charity/get/n1', [200, { message: 'ok', data: charityRecord }])
      .on('PATCH /admin/charity/update/n1', [200, { message: 'Nonprofit updated successfully' }])
    const { router } = renderApp('/master/charity_edit/n1', mainAdmin)
    await waitFor(() => expect(inputValue('Nonprofit Name')).toBe('Water For All'))
    expect(document.querySelector('.ant-breadcrumb')?.textContent).toContain('Edit Nonprofit')
    expect(inputValue('Tax ID')).toBe('12-3456789')
    expect(inputValue('Phone Number')).toBe('(555) 123-4567')
    expect(inputValue('Email')).toBe('info@water.example.org')
    expect(inputValue('Zip Code')).toBe('12207')
    expect(byAria('textbox', 'Mission').innerHTML).toBe('<p>Clean water for every village</p>')
    await waitFor(() =>
      expect(document.querySelector('img[alt="logo1.png"]')?.getAttribute('src')).toBe(
        'https://cdn.example.org/media/charity/logo1.png',
      ),
    )
    expect(document.querySelector('img[alt="img1.png"]')).toBeTruthy()
    // Saved bank accounts are shown masked.
    const methods = document.querySelector('[aria-label="Payment methods"]') as HTMLElement
    expect(within(methods).getByText('First Bank')).toBeTruthy()
    expect(within(methods).getByText('••••6789')).toBeTruthy()
    expect(screen.queryByText('Onboard')).toBeNull()

    await save()
    await waitFor(() => expect(api.callsTo('PATCH /admin/charity/update/n1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/charity/update/n1')[0].body).toEqual(savedBody)
    await waitFor(() => expect(path(router)).toBe(LIST_PATH))
    expect(await screen.findByText('Nonprofit updated successfully')).toBeTruthy()
  })

  it("an imported nonprofit shows the 'Onboard' note and sends onboard: true", async () => {
    api
      .on('GET /admin/charity/get/n1', [
        200,
        {
          message: 'ok',
          data: { ...charityRecord, isImported: true, adminVerification: 'Pending', paymentMethods: [] },
        },
      ])
      .on('PATCH /admin/charity/update/n1', [200, { message: 'Nonprofit updated successfully' }])
    renderApp('/master/charity_edit/n1', mainAdmin)
    expect(await screen.findByText('Onboard')).toBeTruthy()
    await waitFor(() => expect(inputValue('Nonprofit Name')).toBe('Water For All'))
    await save()
    await waitFor(() => expect(api.callsTo('PATCH /admin/charity/update/n1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/charity/update/n1')[0].body).toEqual({ ...savedBody, onboard: true })
  })

  it.each([
    ['the main admin goes to New Nonprofit (Pending)', mainAdmin, '/master'],
    [
      'a sub-admin without New Nonprofit stays with the list',
      subAdmin({ '/master/charity_management': ['view', 'edit'] }),
      LIST_PATH,
    ],
  ])('after onboarding %s, and is told it waits there', async (_, user, landing) => {
    api
      .on('GET /admin/charity/get/n1', [
        200,
        { message: 'ok', data: { ...charityRecord, isImported: true, adminVerification: 'Pending' } },
      ])
      .on('PATCH /admin/charity/update/n1', [200, { message: 'Nonprofit updated successfully' }])
    const { router } = renderApp('/master/charity_edit/n1', user)
    await waitFor(() => expect(inputValue('Nonprofit Name')).toBe('Water For All'))
    await save()
    await waitFor(() => expect(path(router)).toBe(landing))
    expect(
      await screen.findByText('Nonprofit updated successfully. It now waits for approval in New Nonprofit (Pending).'),
    ).toBeTruthy()
  })

  it('shows a load failure with a way back', async () => {
    api.on('GET /admin/charity/get/zz', [404, { message: 'Nonprofit not found', code: 'NOT_FOUND' }])
    renderApp('/master/charity_edit/zz', mainAdmin)
    expect((await screen.findAllByText('Nonprofit not found')).length).toBeGreaterThan(0)
    expect(button('Back')).toBeTruthy()
  })

  it('a nonprofit admin goes to its own nonprofit after saving', async () => {
    const charityAdmin: SessionUser = {
      ...subAdmin({ '/master/charity_management': ['edit'] }),
      adminType: 'Charity Admin',
      charityId: 'n1',
    }
    api
      .on('GET /admin/charity/get/n1', [200, { message: 'ok', data: charityRecord }])
      .on('GET /admin/payment-method/findPaymentMethodbyCharity/n1', [200, { message: 'ok', data: [] }])
      .on('PATCH /admin/charity/update/n1', [200, { message: 'Nonprofit updated successfully' }])
    const { router } = renderApp('/master/charity_edit/n1', charityAdmin)
    await waitFor(() => expect(inputValue('Nonprofit Name')).toBe('Water For All'))
    await save()
    await waitFor(() => expect(path(router)).toBe('/my_nonprofit'))
  })
})

describe('Nonprofit form: rights and Cancel', () => {
  it('the add form needs the add right and the edit form the edit right', async () => {
    let view = renderApp('/master/charity_add', subAdmin({ '/master/charity_management': ['edit'] }))
    await waitFor(() => expect(path(view.router)).not.toBe('/master/charity_add'))
    view.unmount()
    view = renderApp('/master/charity_edit/n1', subAdmin({ '/master/charity_management': ['add'] }))
    await waitFor(() => expect(path(view.router)).not.toBe('/master/charity_edit/n1'))
    expect(api.callsTo('GET /admin/charity/get/n1')).toHaveLength(0)
  })

  it('Cancel leaves without a call', async () => {
    const { router } = renderApp('/master/charity_add', mainAdmin)
    await screen.findByLabelText('Nonprofit Name')
    fill('Nonprofit Name', 'Draft')
    await userEvent.click(button('Cancel'))
    await waitFor(() => expect(path(router)).toBe(LIST_PATH))
    expect(api.callsTo(CREATE)).toHaveLength(0)
  })
})

/** The text the select labelled `label` shows as chosen ('' when none). */
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement
const chosenIn = (label: string) =>
  itemOf(label).querySelector('.ant-select-content-has-value')?.getAttribute('title') ?? ''

describe('Nonprofit form: locations come from the lists', () => {
  const IMPORTED = {
    ...charityRecord,
    isImported: true,
    adminVerification: 'Pending',
    paymentMethods: [],
    state: 'OR',
    city: 'PORTLAND',
    stateId: '',
    cityId: '',
    zipCode: '97201-1234',
    adminFirstName: 'JANE DOE',
    adminLastName: '',
  }

  beforeEach(() => {
    api
      .on('GET /v1/common/getAllState', [
        200,
        {
          message: 'ok',
          data: [
            { id: 3656, name: 'Oregon', code: 'OR' },
            { id: 3956, name: 'New York', code: 'NY' },
          ],
        },
      ])
      .on('GET /v1/common/getAllCities', [200, { message: 'ok', data: [{ id: 32046, name: 'Portland' }] }])
  })

  it("matches an imported record's IRS state code and city to the lists, and splits the contact name", async () => {
    api
      .on('GET /admin/charity/get/n1', [200, { message: 'ok', data: IMPORTED }])
      .on('PATCH /admin/charity/update/n1', [200, { message: 'Nonprofit updated successfully' }])
    renderApp('/master/charity_edit/n1', mainAdmin)
    await waitFor(() => expect(inputValue('Nonprofit Name')).toBe('Water For All'))
    await waitFor(() => expect(chosenIn('City')).toBe('Portland'))
    expect(chosenIn('State')).toBe('Oregon')
    expect(inputValue('Admin First Name')).toBe('Jane')
    expect(inputValue('Admin Last Name')).toBe('Doe')
    expect(inputValue('Zip Code')).toBe('97201-1234')
    await save()
    await waitFor(() => expect(api.callsTo('PATCH /admin/charity/update/n1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/charity/update/n1')[0].body).toMatchObject({
      state: 'Oregon',
      stateId: '3656',
      city: 'Portland',
      cityId: '32046',
      zipCode: '97201-1234',
      adminFirstName: 'Jane',
      adminLastName: 'Doe',
      onboard: true,
    })
  })

  it('leaves a state and city the lists lack empty, says which they were, and sends nothing until chosen', async () => {
    api.on('GET /admin/charity/get/n1', [200, { message: 'ok', data: { ...IMPORTED, state: 'ZZ', city: 'NOWHERE' } }])
    renderApp('/master/charity_edit/n1', mainAdmin)
    await waitFor(() => expect(inputValue('Nonprofit Name')).toBe('Water For All'))
    expect(await screen.findByText('“ZZ” is not in the list: please select the State.')).toBeTruthy()
    expect(await screen.findByText('“NOWHERE” is not in the list: please select the City.')).toBeTruthy()
    expect(chosenIn('State')).toBe('')
    expect(chosenIn('City')).toBe('')
    await save()
    expect(await within(itemOf('State')).findByText('Please select State')).toBeTruthy()
    expect(within(itemOf('City')).getByText('Please select City')).toBeTruthy()
    expect(api.callsTo('PATCH /admin/charity/update/n1')).toHaveLength(0)

    // Choosing a state takes its note away (the city's goes with it: the state changed).
    await pick('State', 'Oregon')
    await waitFor(() => expect(screen.queryByText('“ZZ” is not in the list: please select the State.')).toBeNull())
    expect(screen.queryByText('“NOWHERE” is not in the list: please select the City.')).toBeNull()
  })

  it('offers no way to add a state or city that is not in the list', async () => {
    renderApp('/master/charity_add', mainAdmin)
    await screen.findByLabelText('Country')
    await pick('Country', 'United States')
    const state = screen.getByLabelText('State')
    fireEvent.mouseDown(state)
    fireEvent.change(state, { target: { value: 'Atlantis' } })
    await waitFor(() =>
      expect(document.querySelector('.ant-select-dropdown .ant-empty, .ant-select-item-empty')).toBeTruthy(),
    )
    expect(screen.queryByText(/Add “Atlantis”/)).toBeNull()
    fireEvent.change(state, { target: { value: 'oreg' } })
    expect(await screen.findByText('Oregon', { selector: '.ant-select-item-option-content' })).toBeTruthy()
  })
})
