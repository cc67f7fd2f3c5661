/**
 * /event/event_add and /event/event_edit/:id: an event's title, description (rich text), images
 * and one video, start and end (date and time pickers read in the chosen time zone), online (a
 * link) or at a venue (address and place), its host (a community or a nonprofit, async select)
 * and capacity; checked with the engagement service's messages before sending.
 */
import { useMemo } from 'react'
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd'
import type { Dayjs } from 'dayjs'
import { useParams } from 'react-router'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { FormScreen } from '../../../components/FormScreen'
import { useFormScreen } from '../../../components/useFormScreen'
import { ImageUploader } from '../../../components/ImageUploader'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { VideoUploader } from '../../../components/VideoUploader'
import { clearEditedFieldErrors } from '../../../lib/form-errors'
import { rule, ruleWith } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { LocationFields } from '../../../components/LocationFields'
import { charityLoader, communityLoader } from '../../../components/option-loaders'
import { createEvent, getEvent, updateEvent } from '../api/event'
import { CAPACITY_MAX, EVENT_IMAGE_MODULE, EVENT_VIDEO_MODULE, IMAGES_MAX } from '../constants'
import { browserTimeZone, instantToWallClock, timeZones, wallClockToInstant } from '../names'
import type { Event, EventInput, HostType } from '../types'
import * as v from '../validation'

export interface EventFormValues {
  title: string
  description: string
  images: string[]
  video: string[]
  startsAt: Dayjs | null
  endsAt: Dayjs | null
  timeZone: string
  isOnline: boolean
  onlineLink: string
  address: string
  country?: string
  state?: string
  city?: string
  countryId?: string
  stateId?: string
  cityId?: string
  zipCode: string
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

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim())

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
    address: e.address ?? '',
    country: e.country || undefined,
    state: e.state || undefined,
    city: e.city || undefined,
    countryId: e.countryId ?? '',
    stateId: e.stateId ?? '',
    cityId: e.cityId ?? '',
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
    title: str(values.title),
    description: values.description ?? '',
    images: values.images ?? [],
    video: values.video?.[0] ?? '',
    startsAt: values.startsAt ? wallClockToInstant(values.startsAt, zone) : 0,
    endsAt: values.endsAt ? wallClockToInstant(values.endsAt, zone) : 0,
    timeZone: zone,
    isOnline: online,
    onlineLink: online ? str(values.onlineLink) : '',
    address: online ? '' : str(values.address),
    country: online ? '' : str(values.country),
    state: online ? '' : str(values.state),
    city: online ? '' : str(values.city),
    countryId: !online && values.country ? str(values.countryId) : '',
    stateId: !online && values.state ? str(values.stateId) : '',
    cityId: !online && values.city ? str(values.cityId) : '',
    zipCode: online ? '' : str(values.zipCode),
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
    listPath: listUrl(paths.eventList()),
    recordKey: id ? ['event', id] : null,
    load: () => getEvent(id ?? ''),
    form,
    valuesOf,
    save: (body: EventInput) => (id ? updateEvent(id, body) : createEvent(body)),
    refresh: ['event'],
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
        <Col xs={24}>
          <Form.Item label="Event Title" name="title" required rules={[rule(v.title)]}>
            <Input {...limitProps(LIMITS.event.title)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Description" name="description" required rules={[rule(v.description)]}>
            <RichTextEditor aria-label="Description" height={220} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label="Images" name="images">
            <ImageUploader
              aria-label="Images"
              moduleName={EVENT_IMAGE_MODULE}
              maxNumber={IMAGES_MAX}
              buttonLabel="Upload Images"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Video" name="video">
            <VideoUploader
              aria-label="Video"
              moduleName={EVENT_VIDEO_MODULE}
              maxNumber={1}
              buttonLabel="Upload Video"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Start Date" name="startsAt" required rules={[rule(v.startsAt)]}>
            <DatePicker
              showTime={{ format: 'hh:mm A', use12Hours: true }}
              format="MMM D YYYY, hh:mm A"
              style={{ width: '100%' }}
              aria-label="Start Date"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="End Date"
            name="endsAt"
            required
            dependencies={['startsAt']}
            rules={[ruleWith('startsAt', v.endsAt)]}
          >
            <DatePicker
              showTime={{ format: 'hh:mm A', use12Hours: true }}
              format="MMM D YYYY, hh:mm A"
              style={{ width: '100%' }}
              aria-label="End Date"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Time Zone" name="timeZone" required rules={[rule(v.timeZone)]}>
            <Select showSearch options={zoneOptions} aria-label="Time Zone" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Online Event" name="isOnline" valuePropName="checked">
            <Switch aria-label="Online Event" checkedChildren="Online" unCheckedChildren="Venue" />
          </Form.Item>
        </Col>
        {isOnline ? (
          <Col xs={24}>
            <Form.Item label="Online Link" name="onlineLink" required rules={[rule(v.onlineLink)]}>
              <Input {...limitProps(LIMITS.event.onlineLink)} autoComplete="off" placeholder="https://" />
            </Form.Item>
          </Col>
        ) : (
          <>
            <Col xs={24} md={16}>
              <Form.Item label="Venue" name="address" required rules={[rule(v.venue)]}>
                <Input {...limitProps(LIMITS.event.venue)} autoComplete="off" placeholder="Venue address" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Zip Code" name="zipCode">
                <Input maxLength={10} autoComplete="off" />
              </Form.Item>
            </Col>
            <LocationFields optional />
          </>
        )}
        <Col xs={24} md={8}>
          <Form.Item label="Host Type" name="hostType">
            <Radio.Group
              aria-label="Host Type"
              options={[
                { value: 'community', label: 'Community' },
                { value: 'charity', label: 'Nonprofit' },
              ]}
              onChange={() => form.setFieldValue('host', null)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item label="Host" name="host" required rules={[rule(v.host)]}>
            <AsyncSelect
              key={hostType ?? 'community'}
              aria-label="Host"
              placeholder={hostType === 'charity' ? 'Select Nonprofit' : 'Select Community'}
              loader={hostType === 'charity' ? charityLoader : communityLoader}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="Capacity (0 = unlimited)" name="capacity" required rules={[rule(v.capacity)]}>
            <InputNumber min={0} max={CAPACITY_MAX} precision={0} style={{ width: '100%' }} aria-label="Capacity" />
          </Form.Item>
        </Col>
      </Row>
    </FormScreen>
  )
}
