/**
 * /content_management/homepage (edit): the hero (title, subtitle, banner images, an optional
 * video), the featured nonprofits and causes (async selects on the catalogue), the call to
 * action, the "how it works" steps and the impact figures; Save, and the page's revisions
 * (compare two, restore one).
 */
import { useLayoutEffect } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Col, Form, Input, Row, Skeleton, Space, Typography, type FormRule } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { ImageUploader } from '../../../components/ImageUploader'
import { LoadState } from '../../../components/LoadState'
import { RevisionPanel, type RevisionField } from '../../../components/RevisionPanel'
import { VideoUploader } from '../../../components/VideoUploader'
import { applyFieldErrors, clearEditedFieldErrors } from '../../../lib/form-errors'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { rule, ruleWith } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
import { paths } from '../../../paths'
import { causeLoader, charityLoader } from '../../../components/option-loaders'
import { getHomepage, updateHomepage } from '../api/homepage'
import { revisionSource } from '../../../lib/revisions'
import { UpdatedLine } from '../../../components/UpdatedLine'
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
  const navigate = useNavigate()
  const client = useQueryClient()
  const { can } = useAccess()
  const [form] = Form.useForm<HomepageFormValues>()
  const { value: page, error } = useRecord(KEY, getHomepage)

  useLayoutEffect(() => {
    if (page) form.setFieldsValue(valuesOf(page))
  }, [page, form])

  const shown = (next: Homepage) => client.setQueryData<Homepage>(KEY, next)

  const save = useMutation({
    mutationFn: updateHomepage,
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      if (res.data) shown(res.data)
    },
    onError: (e) => applyFieldErrors(form, e, SERVER_FIELDS),
  })

  if (error)
    return (
      <LoadState title="Homepage" error={error} back={<Button onClick={() => navigate(paths.home())}>Back</Button>} />
    )

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Homepage">
        {!page ? (
          <Skeleton active />
        ) : (
          <>
            <UpdatedLine page={page} />
            <Form<HomepageFormValues>
              form={form}
              layout="vertical"
              initialValues={valuesOf(page)}
              onValuesChange={clearEditedFieldErrors(form)}
              onFinish={(values) => save.mutate(bodyOf(values))}
              scrollToFirstError
            >
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item label="Hero Title" name="heroTitle" required rules={[rule(v.heroTitle)]}>
                    <Input {...limitProps(LIMITS.page.heroTitle)} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Hero Subtitle" name="heroSubtitle" rules={[rule(v.heroSubtitle)]}>
                    <Input {...limitProps(LIMITS.page.heroSubtitle)} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item label="Banner Images" name="bannerImages">
                    <ImageUploader
                      aria-label="Banner Images"
                      moduleName={HOMEPAGE_MEDIA_MODULE}
                      maxNumber={COUNTS.bannerImages}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item label="Video" name="video">
                    <VideoUploader aria-label="Video" moduleName={HOMEPAGE_MEDIA_MODULE} maxNumber={1} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="Featured Nonprofits"
                    name="featuredCharities"
                    rules={[atMost(COUNTS.featured, 'nonprofits')]}
                  >
                    <AsyncSelect
                      multiple
                      aria-label="Featured Nonprofits"
                      placeholder="Select Nonprofits"
                      loader={charityLoader}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Featured Causes" name="featuredCauses" rules={[atMost(COUNTS.featured, 'causes')]}>
                    <AsyncSelect
                      multiple
                      aria-label="Featured Causes"
                      placeholder="Select Causes"
                      loader={causeLoader}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="Call to Action Text"
                    name="ctaText"
                    dependencies={['ctaLink']}
                    rules={[ruleWith('ctaLink', v.ctaText)]}
                  >
                    <Input {...limitProps(LIMITS.page.ctaText)} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Call to Action Link" name="ctaLink" rules={[rule(v.ctaLink)]}>
                    <Input placeholder="https://" autoComplete="off" />
                  </Form.Item>
                </Col>
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
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Save
              </Button>
            </Form>
          </>
        )}
      </Card>
      {page && (
        <RevisionPanel<Homepage>
          queryKey={KEY}
          calls={revisionSource<Homepage>('homepage')}
          fields={FIELDS}
          current={page.revision}
          canRestore={can(SLUGS.homepage, 'edit')}
          onRestored={(next) => next && shown(next)}
        />
      )}
    </Space>
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
const pairRules = (field: PairField, otherPath: Array<string | number>): FormRule[] => {
  const check = field.check
  if (!check) return []
  return [
    ({ getFieldValue }) => ({
      validator: (_, value) => {
        const found = check(value, getFieldValue(otherPath))
        return found ? Promise.reject(new Error(found)) : Promise.resolve()
      },
    }),
  ]
}

/**
 * A short list of two-field rows (steps, figures) with Add and Remove, at most `limit`. The
 * service sets no length on the rows' texts; a row's checks are the service's.
 */
function PairList({ name, title, limit, first, second, addLabel }: PairListProps) {
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <Typography.Title level={5} style={{ marginTop: 0 }} component="legend">
            {title}
          </Typography.Title>
          {rows.map((row, index) => (
            <Row key={row.key} gutter={8} align="top" wrap={false} role="group" aria-label={`${title} ${index + 1}`}>
              <Col flex="1 1 0">
                <Form.Item
                  name={[row.name, first.key]}
                  dependencies={[[name, row.name, second.key]]}
                  rules={pairRules(first, [name, row.name, second.key])}
                >
                  <Input placeholder={first.label} aria-label={`${first.label} ${index + 1}`} />
                </Form.Item>
              </Col>
              <Col flex="2 1 0">
                <Form.Item
                  name={[row.name, second.key]}
                  dependencies={[[name, row.name, first.key]]}
                  rules={pairRules(second, [name, row.name, first.key])}
                >
                  <Input placeholder={second.label} aria-label={`${second.label} ${index + 1}`} />
                </Form.Item>
              </Col>
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
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {rows.length} / {limit}
          </Typography.Text>
        </fieldset>
      )}
    </Form.List>
  )
}
