/**
 * /event/event_add and /event/event_edit/:id: an event's title, description (rich text), images
 * and one video, start and end (date and time pickers read in the chosen time zone), online (a
 * link) or at a venue (address and place), its host (a community or a nonprofit, async select)
 * and capacity; checked with the engagement service's messages before sending.
 */
import { useMemo } from 'react'
import { Form, Radio, Row, Select } from 'antd'
import { NumberInput } from '../../../components/NumberInput'
import type { Dayjs } from 'dayjs'
import { useParams } from 'react-router'
import { AddressFields } from '../../../components/AddressFields'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { FormField, MediaField, RichTextField, SwitchField, TextField } from '../../../components/FormField'
import { DateTimeField } from '../../../components/DateTimeField'
import { FormScreen } from '../../../components/FormScreen'
import { recordCalls, useFormScreen } from '../../../components/useFormScreen'
import { clearEditedFieldErrors } from '../../../lib/form-errors'
import { ruleWith } from '../../../lib/validators'
import { LIMITS } from '../../../lib/limits'
import { listUrl } from '../../../lib/list-state'
import { NO_PLACE, placeBodyOf, placeValuesOf, trimmed, type PlaceFormValues } from '../../../lib/place-values'
import { paths } from '../../../paths'
import { charityLoader, communityLoader } from '../../../components/option-loaders'
import { createEvent, getEvent, updateEvent } from '../api/event'
import { EVENT_IMAGE_MODULE, EVENT_VIDEO_MODULE, IMAGES_MAX } from '../constants'
import { browserTimeZone, instantToWallClock, timeZones, wallClockToInstant } from '../names'
import type { Event, EventInput, HostType } from '../types'
import * as v from '../validation'

export interface EventFormValues extends PlaceFormValues {
  title: string
  description: string
  images: string[]
  video: string[]
  startsAt: Dayjs | null
  endsAt: Dayjs | null
  timeZone: string
  isOnline: boolean
  onlineLink: string
  hostType: HostType
  host: AsyncValue | null
  capacity: number | null
}

const emptyValues = (): EventFormValues => ({
  title: '',
  description: '',
  images: [],
  video: [],
  startsAt: null,
  endsAt: null,
  timeZone: browserTimeZone(),
  isOnline: false,
  onlineLink: '',
  address: '',
  zipCode: '',
  hostType: 'community',
  host: null,
  capacity: 0,
})

/** Server field names that differ from the form's. */
const SERVER_FIELDS = { hostId: ['host'], countryId: ['country'], stateId: ['state'], cityId: ['city'] }

function valuesOf(e: Event): EventFormValues {
  return {
    title: e.title,
    description: e.description ?? '',
    images: e.images ?? [],
    video: e.video ? [e.video] : [],
    startsAt: e.startsAt ? instantToWallClock(e.startsAt, e.timeZone) : null,
    endsAt: e.endsAt ? instantToWallClock(e.endsAt, e.timeZone) : null,
    timeZone: e.timeZone,
    isOnline: e.isOnline,
    onlineLink: e.onlineLink ?? '',
    ...placeValuesOf(e),
    zipCode: e.zipCode ?? '',
    hostType: e.hostType === 'charity' ? 'charity' : 'community',
    host: e.hostId ? { value: e.hostId, label: e.hostName || e.hostId } : null,
    capacity: e.capacity ?? 0,
  }
}

function bodyOf(values: EventFormValues): EventInput {
  const online = Boolean(values.isOnline)
  const zone = values.timeZone
  return {
    title: trimmed(values.title),
    description: values.description ?? '',
    images: values.images ?? [],
    video: values.video?.[0] ?? '',
    startsAt: values.startsAt ? wallClockToInstant(values.startsAt, zone) : 0,
    endsAt: values.endsAt ? wallClockToInstant(values.endsAt, zone) : 0,
    timeZone: zone,
    isOnline: online,
    onlineLink: online ? trimmed(values.onlineLink) : '',
    ...(online ? NO_PLACE : placeBodyOf(values)),
    zipCode: online ? '' : trimmed(values.zipCode),
    hostType: values.hostType,
    hostId: values.host?.value ?? '',
    capacity: Number(values.capacity ?? 0),
  }
}

export default function EventFormScreen() {
  const { id } = useParams()
  const [form] = Form.useForm<EventFormValues>()
  const isOnline = Form.useWatch('isOnline', form) as boolean | undefined
  const hostType = Form.useWatch('hostType', form) as HostType | undefined
  const screen = useFormScreen({
    ...recordCalls('event', id, { get: getEvent, create: createEvent, update: updateEvent }),
    listPath: listUrl(paths.eventList()),
    form,
    valuesOf,
    serverFields: SERVER_FIELDS,
  })
  const zoneOptions = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), [])
  const initialValues = useMemo(() => emptyValues(), [])

  return (
    <FormScreen<EventFormValues>
      screen={screen}
      title={id ? 'Edit Event' : 'Add Event'}
      form={form}
      onFinish={(values) => screen.save.mutate(bodyOf(values))}
      onValuesChange={clearEditedFieldErrors(form)}
      initialValues={initialValues}
    >
      <Row gutter={16}>
        <TextField md={24} label="Event Title" name="title" required check={v.title} limit={LIMITS.event.title} />
        <RichTextField label="Description" name="description" required check={v.description} height={220} />
        <MediaField md={16} label="Images" name="images" moduleName={EVENT_IMAGE_MODULE} maxNumber={IMAGES_MAX} />
        <MediaField video md={8} label="Video" name="video" moduleName={EVENT_VIDEO_MODULE} />
        <DateTimeField md={8} label="Start Date" name="startsAt" required check={v.startsAt} />
        <DateTimeField
          md={8}
          label="End Date"
          name="endsAt"
          required
          dependencies={['startsAt']}
          rules={[ruleWith('startsAt', v.endsAt)]}
        />
        <FormField md={8} label="Time Zone" name="timeZone" required check={v.timeZone}>
          <Select showSearch options={zoneOptions} aria-label="Time Zone" />
        </FormField>
        <SwitchField md={24} label="Online Event" name="isOnline" on="Online" off="Venue" />
        {isOnline ? (
          <TextField
            md={24}
            label="Online Link"
            name="onlineLink"
            required
            check={v.onlineLink}
            limit={LIMITS.event.onlineLink}
            placeholder="https://"
          />
        ) : (
          <AddressFields
            address={{
              label: 'Venue',
              limit: LIMITS.event.venue,
              check: v.venue,
              required: true,
              placeholder: 'Venue address',
            }}
            optional
          />
        )}
        <FormField md={8} label="Host Type" name="hostType">
          <Radio.Group
            aria-label="Host Type"
            options={[
              { value: 'community', label: 'Community' },
              { value: 'charity', label: 'Nonprofit' },
            ]}
            onChange={() => form.setFieldValue('host', null)}
          />
        </FormField>
        <FormField md={10} label="Host" name="host" required check={v.host}>
          <AsyncSelect
            key={hostType ?? 'community'}
            aria-label="Host"
            placeholder={hostType === 'charity' ? 'Select Nonprofit' : 'Select Community'}
            loader={hostType === 'charity' ? charityLoader : communityLoader}
          />
        </FormField>
        <FormField md={6} label="Capacity (0 = unlimited)" name="capacity" required check={v.capacity}>
          <NumberInput decimalScale={0} allowNegative={false} aria-label="Capacity" />
        </FormField>
      </Row>
    </FormScreen>
  )
}
