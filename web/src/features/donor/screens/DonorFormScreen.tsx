/**
 * /donor/donor_add and /donor/donor_edit/:id: a donor's name, email, phone, avatar, address and
 * place (country, state and city from the location lists), checked with the giving service's
 * messages before sending; the server's field errors are shown on their fields.
 */
import { useLayoutEffect } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Card, Col, Form, Input, Row, Skeleton, Space } from 'antd'
import { useLocation, useNavigate, useParams } from 'react-router'
import { ImageUploader } from '../../../components/ImageUploader'
import { LoadState } from '../../../components/LoadState'
import { NumberInput } from '../../../components/NumberInput'
import { LocationFields } from '../../../components/LocationFields'
import { applyFieldErrors } from '../../../lib/form-errors'
import { canGoBack } from '../../../lib/navigation'
import { useRecord, useRefresh } from '../../../lib/query'
import { toast } from '../../../lib/toast'
import { rule } from '../../../lib/validators'
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
  const editing = Boolean(id)
  const navigate = useNavigate()
  const { key: locationKey } = useLocation()
  const [form] = Form.useForm<DonorFormValues>()
  const { value: detail, error: loadError, loading } = useRecord(id ? ['donor', id] : null, () => getDonor(id ?? ''))
  const refresh = useRefresh('donor')

  // The form starts from the donor once it is there (before the browser paints it).
  useLayoutEffect(() => {
    if (detail) form.setFieldsValue(valuesOf(detail.donor))
  }, [detail, form])

  const save = useMutation({
    mutationFn: (body: DonorInput) => (id ? updateDonor(id, body) : createDonor(body)),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      navigate(listUrl(paths.donorList()))
    },
    // The request client has shown the server's message; field errors go to their fields.
    onError: (e) => applyFieldErrors(form, e, SERVER_FIELDS),
    onSettled: () => void refresh(),
  })

  const cancel = () => {
    if (canGoBack(locationKey)) navigate(-1)
    else navigate(listUrl(paths.donorList()))
  }

  const title = editing ? 'Edit Donor' : 'Add Donor'

  if (loadError) {
    return (
      <LoadState
        title={title}
        error={loadError}
        back={<Button onClick={() => navigate(listUrl(paths.donorList()))}>Back</Button>}
      />
    )
  }

  return (
    <Card title={title}>
      {loading && <Skeleton active />}
      <Form<DonorFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(bodyOf(values))}
        initialValues={EMPTY_VALUES}
        scrollToFirstError
        style={{ display: loading ? 'none' : undefined }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="First Name" name="firstName" required rules={[rule(v.firstName)]}>
              <Input maxLength={v.NAME_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Last Name" name="lastName" required rules={[rule(v.lastName)]}>
              <Input maxLength={v.NAME_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Email" name="email" required rules={[rule(v.email)]}>
              <Input autoComplete="off" />
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
            <Form.Item label="Address" name="address">
              <Input maxLength={v.ADDRESS_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Zip Code" name="zipCode" rules={[rule(v.zipCode)]}>
              <NumberInput format={ZIP_FORMAT} placeholder="XXXXX" />
            </Form.Item>
          </Col>
          <LocationFields optional />
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
          <Button onClick={cancel}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  )
}
