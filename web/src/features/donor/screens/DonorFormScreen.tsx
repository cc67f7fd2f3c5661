/**
 * /donor/donor_add and /donor/donor_edit/:id: a donor's name, email, phone, avatar, address and
 * place (country, state and city from the location lists), checked with the giving service's
 * messages before sending; the server's field errors are shown on their fields.
 */
import { Col, Form, Input, Row } from 'antd'
import { useParams } from 'react-router'
import { FormScreen } from '../../../components/FormScreen'
import { useFormScreen } from '../../../components/useFormScreen'
import { ImageUploader } from '../../../components/ImageUploader'
import { NumberInput } from '../../../components/NumberInput'
import { LocationFields } from '../../../components/LocationFields'
import { rule } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { createDonor } from '../api/create-donor'
import { getDonor } from '../api/get-donor'
import { updateDonor } from '../api/update-donor'
import { DONOR_MEDIA_MODULE } from '../../../lib/media-modules'
import type { Donor, DonorInput } from '../types'
import * as v from '../validation'

const PHONE_FORMAT = '(###) ###-####'
const ZIP_FORMAT = '#####-####'

interface DonorFormValues {
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  avatar: string[]
  address: string
  country?: string
  state?: string
  city?: string
  countryId?: string
  stateId?: string
  cityId?: string
  zipCode: string
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

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim())

function valuesOf(d: Donor): DonorFormValues {
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    phoneNumber: d.phoneNumber ?? '',
    avatar: d.avatar ? [d.avatar] : [],
    address: d.address ?? '',
    country: d.country || undefined,
    state: d.state || undefined,
    city: d.city || undefined,
    countryId: d.countryId ?? '',
    stateId: d.stateId ?? '',
    cityId: d.cityId ?? '',
    zipCode: d.zipCode ?? '',
  }
}

function bodyOf(values: DonorFormValues): DonorInput {
  const zip = str(values.zipCode)
  return {
    firstName: str(values.firstName),
    lastName: str(values.lastName),
    email: str(values.email),
    phoneNumber: str(values.phoneNumber),
    avatar: values.avatar?.[0] ?? '',
    address: str(values.address),
    country: str(values.country),
    state: str(values.state),
    city: str(values.city),
    countryId: values.country ? str(values.countryId) : '',
    stateId: values.state ? str(values.stateId) : '',
    cityId: values.city ? str(values.cityId) : '',
    // Nine digits are sent as 'XXXXX-XXXX', as the zip is written.
    zipCode: /^\d{9}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip,
  }
}

export default function DonorFormScreen() {
  const { id } = useParams()
  const [form] = Form.useForm<DonorFormValues>()
  const screen = useFormScreen({
    listPath: listUrl(paths.donorList()),
    recordKey: id ? ['donor', id] : null,
    load: () => getDonor(id ?? ''),
    form,
    valuesOf: (detail) => valuesOf(detail.donor),
    save: (body: DonorInput) => (id ? updateDonor(id, body) : createDonor(body)),
    refresh: ['donor'],
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
        <Col xs={24} md={12}>
          <Form.Item label="First Name" name="firstName" required rules={[rule(v.firstName)]}>
            <Input {...limitProps(LIMITS.donor.firstName)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Last Name" name="lastName" required rules={[rule(v.lastName)]}>
            <Input {...limitProps(LIMITS.donor.lastName)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" required rules={[rule(v.email)]}>
            <Input {...limitProps(LIMITS.email)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Phone Number" name="phoneNumber" rules={[rule(v.phoneNumber)]}>
            <NumberInput format={PHONE_FORMAT} placeholder="(XXX) XXX-XXXX" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Avatar" name="avatar">
            <ImageUploader
              aria-label="Avatar"
              moduleName={DONOR_MEDIA_MODULE}
              maxNumber={1}
              buttonLabel="Upload Avatar"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label="Address" name="address" rules={[rule(v.address)]}>
            <Input {...limitProps(LIMITS.donor.address)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Zip Code" name="zipCode" rules={[rule(v.zipCode)]}>
            <NumberInput format={ZIP_FORMAT} placeholder="XXXXX" />
          </Form.Item>
        </Col>
        <LocationFields optional />
      </Row>
    </FormScreen>
  )
}
