/**
 * /community/community_add and /community/community_edit/:id: a community's name, privacy, cover
 * image, gallery, description (rich text), the nonprofits and causes it supports (async selects
 * on the catalogue) and its place; checked with the engagement service's messages before
 * sending, the server's field errors shown on their fields.
 */
import { Col, Form, Input, Radio, Row } from 'antd'
import { useParams } from 'react-router'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { FormScreen } from '../../../components/FormScreen'
import { useFormScreen } from '../../../components/useFormScreen'
import { ImageUploader } from '../../../components/ImageUploader'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { clearEditedFieldErrors } from '../../../lib/form-errors'
import { rule } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { LocationFields } from '../../../components/LocationFields'
import { causeLoader, charityLoader } from '../../../components/option-loaders'
import { createCommunity, getCommunity, updateCommunity } from '../api/community'
import { COMMUNITY_MEDIA_MODULE, GALLERY_MAX, LINKS_MAX, PRIVACY_OPTIONS } from '../constants'
import type { Community, CommunityInput, NamedRef, Privacy } from '../types'
import * as v from '../validation'

export interface CommunityFormValues {
  name: string
  privacy?: Privacy
  coverImage: string[]
  gallery: string[]
  description: string
  charities: AsyncValue[]
  causes: AsyncValue[]
  address: string
  country?: string
  state?: string
  city?: string
  countryId?: string
  stateId?: string
  cityId?: string
  zipCode: string
}

const EMPTY_VALUES: CommunityFormValues = {
  name: '',
  privacy: 'public',
  coverImage: [],
  gallery: [],
  description: '',
  charities: [],
  causes: [],
  address: '',
  zipCode: '',
}

/** Server field names that differ from the form's. */
const SERVER_FIELDS = {
  charityIds: ['charities'],
  causeIds: ['causes'],
  countryId: ['country'],
  stateId: ['state'],
  cityId: ['city'],
}

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim())
const options = (refs: NamedRef[] | undefined): AsyncValue[] =>
  (refs ?? []).map((r) => ({ value: r._id, label: r.name }))

function valuesOf(c: Community): CommunityFormValues {
  return {
    name: c.name,
    privacy: c.privacy === 'private' ? 'private' : 'public',
    coverImage: c.coverImage ? [c.coverImage] : [],
    gallery: c.gallery ?? [],
    description: c.description ?? '',
    charities: options(c.charities),
    causes: options(c.causes),
    address: c.address ?? '',
    country: c.country || undefined,
    state: c.state || undefined,
    city: c.city || undefined,
    countryId: c.countryId ?? '',
    stateId: c.stateId ?? '',
    cityId: c.cityId ?? '',
    zipCode: c.zipCode ?? '',
  }
}

function bodyOf(values: CommunityFormValues): CommunityInput {
  return {
    name: str(values.name),
    description: values.description ?? '',
    coverImage: values.coverImage?.[0] ?? '',
    gallery: values.gallery ?? [],
    charityIds: (values.charities ?? []).map((o) => o.value),
    causeIds: (values.causes ?? []).map((o) => o.value),
    address: str(values.address),
    country: str(values.country),
    state: str(values.state),
    city: str(values.city),
    countryId: values.country ? str(values.countryId) : '',
    stateId: values.state ? str(values.stateId) : '',
    cityId: values.city ? str(values.cityId) : '',
    zipCode: str(values.zipCode),
    privacy: values.privacy ?? 'public',
  }
}

/** At most `max` chosen. */
const atMost = (max: number, what: string) => ({
  validator: (_: unknown, value: unknown[] | undefined) =>
    (value?.length ?? 0) > max ? Promise.reject(new Error(`Please select at most ${max} ${what}`)) : Promise.resolve(),
})

export default function CommunityFormScreen() {
  const { id } = useParams()
  const [form] = Form.useForm<CommunityFormValues>()
  const screen = useFormScreen({
    listPath: listUrl(paths.communityList()),
    recordKey: id ? ['community', id] : null,
    load: () => getCommunity(id ?? ''),
    form,
    valuesOf,
    save: (body: CommunityInput) => (id ? updateCommunity(id, body) : createCommunity(body)),
    refresh: ['community'],
    serverFields: SERVER_FIELDS,
  })

  return (
    <FormScreen<CommunityFormValues>
      screen={screen}
      title={id ? 'Edit Community' : 'Add Community'}
      form={form}
      onFinish={(values) => screen.save.mutate(bodyOf(values))}
      onValuesChange={clearEditedFieldErrors(form)}
      initialValues={EMPTY_VALUES}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Community Name" name="name" required rules={[rule(v.name)]}>
            <Input {...limitProps(LIMITS.community.name)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Privacy" name="privacy" required rules={[rule(v.privacy)]}>
            <Radio.Group options={PRIVACY_OPTIONS.map((o) => ({ ...o }))} aria-label="Privacy" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Cover Image" name="coverImage" required rules={[rule(v.coverImage)]}>
            <ImageUploader
              aria-label="Cover Image"
              moduleName={COMMUNITY_MEDIA_MODULE}
              maxNumber={1}
              buttonLabel="Upload Cover Image"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label="Gallery" name="gallery">
            <ImageUploader
              aria-label="Gallery"
              moduleName={COMMUNITY_MEDIA_MODULE}
              maxNumber={GALLERY_MAX}
              buttonLabel="Upload Images"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Description" name="description" required rules={[rule(v.description)]}>
            <RichTextEditor aria-label="Description" height={220} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Nonprofits" name="charities" rules={[atMost(LINKS_MAX, 'nonprofits')]}>
            <AsyncSelect multiple aria-label="Nonprofits" placeholder="Select Nonprofits" loader={charityLoader} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Causes" name="causes" rules={[atMost(LINKS_MAX, 'causes')]}>
            <AsyncSelect multiple aria-label="Causes" placeholder="Select Causes" loader={causeLoader} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label="Address" name="address" rules={[rule(v.address)]}>
            <Input {...limitProps(LIMITS.community.address)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Zip Code" name="zipCode">
            <Input maxLength={10} autoComplete="off" />
          </Form.Item>
        </Col>
        <LocationFields optional />
      </Row>
    </FormScreen>
  )
}
