/**
 * /donor/donor_add and /donor/donor_edit/:id: a donor's name, email, phone, avatar, address and
 * place (country, state and city from the location lists), checked with the giving service's
 * messages before sending; the server's field errors are shown on their fields.
 */
import { Form, Row } from 'antd'
import { useParams } from 'react-router'
import { AddressFields } from '../../../components/AddressFields'
import { FormScreen } from '../../../components/FormScreen'
import { MediaField, PhoneField, TextField } from '../../../components/FormField'
import { recordCalls, useFormScreen } from '../../../components/useFormScreen'
import { LIMITS } from '../../../lib/limits'
import { listUrl } from '../../../lib/list-state'
import { placeBodyOf, placeValuesOf, trimmed, type PlaceFormValues } from '../../../lib/place-values'
import { paths } from '../../../paths'
import { createDonor } from '../api/create-donor'
import { getDonor } from '../api/get-donor'
import { updateDonor } from '../api/update-donor'
import { DONOR_MEDIA_MODULE } from '../../../lib/media-modules'
import type { Donor, DonorInput } from '../types'
import * as v from '../validation'

interface DonorFormValues extends PlaceFormValues {
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  avatar: string[]
}

const EMPTY_VALUES: DonorFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  avatar: [],
  address: '',
  zipCode: '',
}

/** Server field names that differ from the form's. */
const SERVER_FIELDS = { countryId: ['country'], stateId: ['state'], cityId: ['city'] }

function valuesOf(d: Donor): DonorFormValues {
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    phoneNumber: d.phoneNumber ?? '',
    avatar: d.avatar ? [d.avatar] : [],
    ...placeValuesOf(d),
    zipCode: d.zipCode ?? '',
  }
}

function bodyOf(values: DonorFormValues): DonorInput {
  const zip = trimmed(values.zipCode)
  return {
    firstName: trimmed(values.firstName),
    lastName: trimmed(values.lastName),
    email: trimmed(values.email),
    phoneNumber: trimmed(values.phoneNumber),
    avatar: values.avatar?.[0] ?? '',
    ...placeBodyOf(values),
    // Nine digits are sent as 'XXXXX-XXXX', as the zip is written.
    zipCode: /^\d{9}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip,
  }
}

export default function DonorFormScreen() {
  const { id } = useParams()
  const [form] = Form.useForm<DonorFormValues>()
  const screen = useFormScreen({
    ...recordCalls('donor', id, { get: getDonor, create: createDonor, update: updateDonor }),
    listPath: listUrl(paths.donorList()),
    form,
    valuesOf: (detail) => valuesOf(detail.donor),
    serverFields: SERVER_FIELDS,
  })

  return (
    <FormScreen<DonorFormValues>
      screen={screen}
      title={id ? 'Edit Donor' : 'Add Donor'}
      form={form}
      onFinish={(values) => screen.save.mutate(bodyOf(values))}
      initialValues={EMPTY_VALUES}
    >
      <Row gutter={16}>
        <TextField label="First Name" name="firstName" required check={v.firstName} limit={LIMITS.donor.firstName} />
        <TextField label="Last Name" name="lastName" required check={v.lastName} limit={LIMITS.donor.lastName} />
        <TextField label="Email" name="email" required check={v.email} limit={LIMITS.email} />
        <PhoneField label="Phone Number" name="phoneNumber" check={v.phoneNumber} />
        <MediaField md={24} label="Avatar" name="avatar" moduleName={DONOR_MEDIA_MODULE} />
        <AddressFields
          address={{ limit: LIMITS.donor.address, check: v.address }}
          zip={{ check: v.zipCode, placeholder: 'XXXXX' }}
          optional
        />
      </Row>
    </FormScreen>
  )
}
