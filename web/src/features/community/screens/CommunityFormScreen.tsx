/**
 * /community/community_add and /community/community_edit/:id: a community's name, privacy, cover
 * image, gallery, description (rich text), the nonprofits and causes it supports (async selects
 * on the catalogue) and its place; checked with the engagement service's messages before
 * sending, the server's field errors shown on their fields.
 */
import { Form, Radio, Row } from 'antd'
import { useParams } from 'react-router'
import { AddressFields } from '../../../components/AddressFields'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { FormScreen } from '../../../components/FormScreen'
import { FormField, MediaField, RichTextField, TextField } from '../../../components/FormField'
import { recordCalls, useFormScreen } from '../../../components/useFormScreen'
import { clearEditedFieldErrors } from '../../../lib/form-errors'
import { LIMITS } from '../../../lib/limits'
import { listUrl } from '../../../lib/list-state'
import { placeBodyOf, placeValuesOf, trimmed, type PlaceFormValues } from '../../../lib/place-values'
import { paths } from '../../../paths'
import { causeLoader, charityLoader } from '../../../components/option-loaders'
import { createCommunity, getCommunity, updateCommunity } from '../api/community'
import { COMMUNITY_MEDIA_MODULE, GALLERY_MAX, LINKS_MAX, PRIVACY_OPTIONS } from '../constants'
import type { Community, CommunityInput, NamedRef, Privacy } from '../types'
import * as v from '../validation'

export interface CommunityFormValues extends PlaceFormValues {
  name: string
  privacy?: Privacy
  coverImage: string[]
  gallery: string[]
  description: string
  charities: AsyncValue[]
  causes: AsyncValue[]
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
    ...placeValuesOf(c),
    zipCode: c.zipCode ?? '',
  }
}

function bodyOf(values: CommunityFormValues): CommunityInput {
  return {
    name: trimmed(values.name),
    description: values.description ?? '',
    coverImage: values.coverImage?.[0] ?? '',
    gallery: values.gallery ?? [],
    charityIds: (values.charities ?? []).map((o) => o.value),
    causeIds: (values.causes ?? []).map((o) => o.value),
    ...placeBodyOf(values),
    zipCode: trimmed(values.zipCode),
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
    ...recordCalls('community', id, { get: getCommunity, create: createCommunity, update: updateCommunity }),
    listPath: listUrl(paths.communityList()),
    form,
    valuesOf,
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
        <TextField label="Community Name" name="name" required check={v.name} limit={LIMITS.community.name} />
        <FormField label="Privacy" name="privacy" required check={v.privacy}>
          <Radio.Group options={PRIVACY_OPTIONS.map((o) => ({ ...o }))} aria-label="Privacy" />
        </FormField>
        <MediaField
          md={8}
          label="Cover Image"
          name="coverImage"
          required
          check={v.coverImage}
          moduleName={COMMUNITY_MEDIA_MODULE}
        />
        <MediaField
          md={16}
          label="Gallery"
          name="gallery"
          moduleName={COMMUNITY_MEDIA_MODULE}
          maxNumber={GALLERY_MAX}
          buttonLabel="Upload Images"
        />
        <RichTextField label="Description" name="description" required check={v.description} height={220} />
        <FormField label="Nonprofits" name="charities" rules={[atMost(LINKS_MAX, 'nonprofits')]}>
          <AsyncSelect multiple aria-label="Nonprofits" placeholder="Select Nonprofits" loader={charityLoader} />
        </FormField>
        <FormField label="Causes" name="causes" rules={[atMost(LINKS_MAX, 'causes')]}>
          <AsyncSelect multiple aria-label="Causes" placeholder="Select Causes" loader={causeLoader} />
        </FormField>
        <AddressFields address={{ limit: LIMITS.community.address, check: v.address }} optional />
      </Row>
    </FormScreen>
  )
}
