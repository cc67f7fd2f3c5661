/**
 * /content_management/homepage (edit): the hero (title, subtitle, banner images, an optional
 * video), the featured nonprofits and causes (async selects on the catalogue), the call to
 * action, the "how it works" steps and the impact figures; Save, and the page's revisions
 * (compare two, restore one).
 */
import { useQueryClient } from '@tanstack/react-query'
import { Button, Col, Form, Input, Row } from 'antd'
import { Text } from '../../../components/Text'
import { Heading } from '../../../components/Heading'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { ContentPageCard } from '../../../components/ContentPageCard'
import { FormField, MediaField, TextField } from '../../../components/FormField'
import { type RevisionField } from '../../../components/RevisionPanel'
import { usePageSave } from '../../../components/usePageSave'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { ruleWith } from '../../../lib/validators'
import { LIMITS } from '../../../lib/limits'
import { causeLoader, charityLoader } from '../../../components/option-loaders'
import { getHomepage, updateHomepage } from '../api/homepage'
import { revisionSource } from '../../../lib/revisions'
import { HOMEPAGE_LIMITS as COUNTS, HOMEPAGE_MEDIA_MODULE } from '../constants'
import type { Homepage, HomepageInput, HowItWorksStep, ImpactFigure, NamedRef } from '../types'
import * as v from '../validation'

const KEY = ['content-page', 'homepage']

interface HomepageFormValues {
  heroTitle: string
  heroSubtitle: string
  bannerImages: string[]
  video: string[]
  featuredCharities: AsyncValue[]
  featuredCauses: AsyncValue[]
  ctaText: string
  ctaLink: string
  howItWorks: HowItWorksStep[]
  impactFigures: ImpactFigure[]
}

const names = (doc: Record<string, unknown>, refs: string, ids: string) => {
  const named = doc[refs]
  if (Array.isArray(named)) return (named as NamedRef[]).map((r) => r.name || r._id)
  return doc[ids]
}

const FIELDS: RevisionField[] = [
  { key: 'heroTitle', label: 'Hero Title', kind: 'text' },
  { key: 'heroSubtitle', label: 'Hero Subtitle', kind: 'text' },
  { key: 'bannerImages', label: 'Banner Images', kind: 'list' },
  { key: 'video', label: 'Video', kind: 'text' },
  {
    key: 'featuredCharities',
    label: 'Featured Nonprofits',
    kind: 'list',
    pick: (d) => names(d, 'featuredCharities', 'featuredCharityIds'),
  },
  {
    key: 'featuredCauses',
    label: 'Featured Causes',
    kind: 'list',
    pick: (d) => names(d, 'featuredCauses', 'featuredCauseIds'),
  },
  { key: 'ctaText', label: 'Call to Action Text', kind: 'text' },
  { key: 'ctaLink', label: 'Call to Action Link', kind: 'text' },
  {
    key: 'howItWorks',
    label: 'How It Works',
    kind: 'list',
    line: (item) => {
      const step = item as HowItWorksStep
      return `${step.title}: ${step.description}`
    },
  },
  {
    key: 'impactFigures',
    label: 'Impact Figures',
    kind: 'list',
    line: (item) => {
      const figure = item as ImpactFigure
      return `${figure.label}: ${figure.value}`
    },
  },
]

const options = (refs: NamedRef[] | undefined): AsyncValue[] =>
  (refs ?? []).map((r) => ({ value: r._id, label: r.name }))

function valuesOf(page: Homepage): HomepageFormValues {
  return {
    heroTitle: page.heroTitle ?? '',
    heroSubtitle: page.heroSubtitle ?? '',
    bannerImages: page.bannerImages ?? [],
    video: page.video ? [page.video] : [],
    featuredCharities: options(page.featuredCharities),
    featuredCauses: options(page.featuredCauses),
    ctaText: page.ctaText ?? '',
    ctaLink: page.ctaLink ?? '',
    howItWorks: page.howItWorks ?? [],
    impactFigures: page.impactFigures ?? [],
  }
}

const trim = (value: string | undefined) => (value ?? '').trim()

function bodyOf(values: HomepageFormValues): HomepageInput {
  return {
    heroTitle: trim(values.heroTitle),
    heroSubtitle: trim(values.heroSubtitle),
    bannerImages: values.bannerImages ?? [],
    video: values.video?.[0] ?? '',
    featuredCharityIds: (values.featuredCharities ?? []).map((o) => o.value),
    featuredCauseIds: (values.featuredCauses ?? []).map((o) => o.value),
    ctaText: trim(values.ctaText),
    ctaLink: trim(values.ctaLink),
    howItWorks: (values.howItWorks ?? [])
      .map((s) => ({ title: trim(s?.title), description: trim(s?.description) }))
      .filter((s) => s.title || s.description),
    impactFigures: (values.impactFigures ?? [])
      .map((f) => ({ label: trim(f?.label), value: trim(f?.value) }))
      .filter((f) => f.label || f.value),
  }
}

/** Server fields named differently in the form. */
const SERVER_FIELDS = { featuredCharityIds: ['featuredCharities'], featuredCauseIds: ['featuredCauses'] }

const atMost = (limit: number, what: string) => ({
  validator: async (_: unknown, value: unknown[] | undefined) => {
    if ((value?.length ?? 0) > limit) throw new Error(`Please select at most ${limit} ${what}`)
  },
})

export default function HomepageScreen() {
  const client = useQueryClient()
  const { can } = useAccess()
  const [form] = Form.useForm<HomepageFormValues>()
  const { value: page, error } = useRecord(KEY, getHomepage)
  const shown = (next: Homepage) => client.setQueryData<Homepage>(KEY, next)
  const save = usePageSave({ form, update: updateHomepage, shown, serverFields: SERVER_FIELDS })

  return (
    <ContentPageCard<Homepage, HomepageFormValues>
      title="Homepage"
      page={page}
      error={error}
      form={form}
      valuesOf={valuesOf}
      onFinish={(values) => save.mutate(bodyOf(values))}
      saving={save.isPending}
      scrollToFirstError
      revisions={() => ({
        queryKey: KEY,
        calls: revisionSource<Homepage>('homepage'),
        fields: FIELDS,
        canRestore: can(SLUGS.homepage, 'edit'),
        onRestored: shown,
      })}
    >
      <Row gutter={16}>
        <TextField label="Hero Title" name="heroTitle" required check={v.heroTitle} limit={LIMITS.page.heroTitle} />
        <TextField label="Hero Subtitle" name="heroSubtitle" check={v.heroSubtitle} limit={LIMITS.page.heroSubtitle} />
        <MediaField
          md={24}
          label="Banner Images"
          name="bannerImages"
          moduleName={HOMEPAGE_MEDIA_MODULE}
          maxNumber={COUNTS.bannerImages}
          buttonLabel="Upload Image"
        />
        <MediaField video md={24} label="Video" name="video" moduleName={HOMEPAGE_MEDIA_MODULE} />
        <FormField label="Featured Nonprofits" name="featuredCharities" rules={[atMost(COUNTS.featured, 'nonprofits')]}>
          <AsyncSelect
            multiple
            aria-label="Featured Nonprofits"
            placeholder="Select Nonprofits"
            loader={charityLoader}
          />
        </FormField>
        <FormField label="Featured Causes" name="featuredCauses" rules={[atMost(COUNTS.featured, 'causes')]}>
          <AsyncSelect multiple aria-label="Featured Causes" placeholder="Select Causes" loader={causeLoader} />
        </FormField>
        <TextField
          label="Call to Action Text"
          name="ctaText"
          dependencies={['ctaLink']}
          rules={[ruleWith('ctaLink', v.ctaText)]}
          limit={LIMITS.page.ctaText}
        />
        <FormField label="Call to Action Link" name="ctaLink" check={v.ctaLink}>
          <Input placeholder="https://" autoComplete="off" />
        </FormField>
      </Row>
      <PairList
        name="howItWorks"
        title="How It Works"
        limit={COUNTS.howItWorks}
        first={{ key: 'title', label: 'Title', check: v.stepTitle }}
        second={{ key: 'description', label: 'Description' }}
        addLabel="Add Step"
      />
      <PairList
        name="impactFigures"
        title="Impact Figures"
        limit={COUNTS.impactFigures}
        first={{ key: 'label', label: 'Label', check: v.figurePart }}
        second={{ key: 'value', label: 'Value', check: v.figurePart }}
        addLabel="Add Figure"
      />
    </ContentPageCard>
  )
}

/** One field of a row: its key, label and (optionally) its check given the row's other field. */
interface PairField {
  key: string
  label: string
  check?: (value: unknown, other: unknown) => string | null
}

interface PairListProps {
  name: 'howItWorks' | 'impactFigures'
  title: string
  limit: number
  first: PairField
  second: PairField
  addLabel: string
}

/** The antd rules of a row's field: its check against the row's other field. */
const pairRules = (field: PairField, otherPath: Array<string | number>) =>
  field.check ? [ruleWith(otherPath, field.check)] : []

/**
 * A short list of two-field rows (steps, figures) with Add and Remove, at most `limit`. The
 * service sets no length on the rows' texts; a row's checks are the service's.
 */
function PairList({ name, title, limit, first, second, addLabel }: PairListProps) {
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <Heading level={5} style={{ marginTop: 0 }} as="legend">
            {title}
          </Heading>
          {rows.map((row, index) => (
            <Row key={row.key} gutter={8} align="top" wrap={false} role="group" aria-label={`${title} ${index + 1}`}>
              {[
                { field: first, other: second, flex: '1 1 0' },
                { field: second, other: first, flex: '2 1 0' },
              ].map(({ field, other, flex }) => (
                <Col key={field.key} flex={flex}>
                  <Form.Item
                    name={[row.name, field.key]}
                    dependencies={[[name, row.name, other.key]]}
                    rules={pairRules(field, [name, row.name, other.key])}
                  >
                    <Input placeholder={field.label} aria-label={`${field.label} ${index + 1}`} />
                  </Form.Item>
                </Col>
              ))}
              <Col flex="none">
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${title} ${index + 1}`}
                  onClick={() => remove(row.name)}
                />
              </Col>
            </Row>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={rows.length >= limit}
            onClick={() => add({ [first.key]: '', [second.key]: '' })}
          >
            {addLabel}
          </Button>
          <Text type="secondary" style={{ marginLeft: 8 }}>
            {rows.length} / {limit}
          </Text>
        </fieldset>
      )}
    </Form.List>
  )
}
