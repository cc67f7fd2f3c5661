/**
 * /category/faq/faq_add and /category/faq/faq_edit/:id: a FAQ's category (async select of the
 * FAQ categories; `?categoryId=&categoryName=` preselects one), question, answer (rich text), order and
 * whether it is shown; checked with the content service's messages before sending.
 */
import { Form, Row } from 'antd'
import { useParams, useSearchParams } from 'react-router'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { FormField, OrderFields, RichTextField, TextField } from '../../../components/FormField'
import { FormScreen } from '../../../components/FormScreen'
import { recordCalls, useFormScreen } from '../../../components/useFormScreen'
import { clearEditedFieldErrors } from '../../../lib/form-errors'
import { LIMITS } from '../../../lib/limits'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { faqCategoryLoader } from '../../../components/option-loaders'
import { createFaq, getFaq, updateFaq } from '../api/faq'
import type { Faq, FaqInput } from '../types'
import * as v from '../validation'

interface FaqFormValues {
  category: AsyncValue | null
  question: string
  answer: string
  order: string
  isActive: boolean
}

const EMPTY: FaqFormValues = { category: null, question: '', answer: '', order: '0', isActive: true }

const valuesOf = (row: Faq): FaqFormValues => ({
  category: { value: row.categoryId, label: row.categoryName },
  question: row.question,
  answer: row.answer,
  order: String(row.order ?? 0),
  isActive: row.isActive,
})

const bodyOf = (values: FaqFormValues): FaqInput => ({
  categoryId: values.category?.value ?? '',
  question: (values.question ?? '').trim(),
  answer: values.answer ?? '',
  order: Number((values.order ?? '').trim()),
  isActive: Boolean(values.isActive),
})

const SERVER_FIELDS = { categoryId: ['category'] }

export default function FaqFormScreen() {
  const { id } = useParams()
  const [params] = useSearchParams()
  // A new FAQ may start in a category (`?categoryId=&categoryName=`, from the filtered list).
  const presetId = id ? '' : (params.get('categoryId') ?? '')
  const presetName = params.get('categoryName') ?? ''
  const [form] = Form.useForm<FaqFormValues>()
  const screen = useFormScreen({
    ...recordCalls('faq', id, { get: getFaq, create: createFaq, update: updateFaq }),
    listPath: listUrl(paths.faqList()),
    form,
    valuesOf,
    refresh: ['faq', 'faq-category'],
    serverFields: SERVER_FIELDS,
  })

  const initialValues: FaqFormValues = presetId
    ? { ...EMPTY, category: { value: presetId, label: presetName || presetId } }
    : EMPTY

  return (
    <FormScreen<FaqFormValues>
      screen={screen}
      title={id ? 'Edit FAQ' : 'Add FAQ'}
      form={form}
      initialValues={initialValues}
      onValuesChange={clearEditedFieldErrors(form)}
      onFinish={(values) => screen.save.mutate(bodyOf(values))}
    >
      <Row gutter={16}>
        <FormField label="Category" name="category" required check={v.category}>
          <AsyncSelect aria-label="Category" placeholder="Select Category" loader={faqCategoryLoader} />
        </FormField>
        <TextField md={24} label="Question" name="question" required check={v.question} limit={LIMITS.faq.question} />
        <RichTextField label="Answer" name="answer" required check={v.answer} height={220} />
        <OrderFields />
      </Row>
    </FormScreen>
  )
}
