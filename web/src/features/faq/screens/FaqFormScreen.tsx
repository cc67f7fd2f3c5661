/**
 * /category/faq/faq_add and /category/faq/faq_edit/:id: a FAQ's category (async select of the
 * FAQ categories; `?categoryId=&categoryName=` preselects one), question, answer (rich text), order and
 * whether it is shown; checked with the content service's messages before sending.
 */
import { useLayoutEffect } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Card, Col, Form, Input, Row, Skeleton, Space, Switch } from 'antd'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { LoadState } from '../../../components/LoadState'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { applyFieldErrors, clearEditedFieldErrors } from '../../../lib/form-errors'
import { canGoBack } from '../../../lib/navigation'
import { useRecord, useRefresh } from '../../../lib/query'
import { toast } from '../../../lib/toast'
import { rule } from '../../../lib/validators'
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
  const editing = Boolean(id)
  const navigate = useNavigate()
  const { key: locationKey } = useLocation()
  const [form] = Form.useForm<FaqFormValues>()
  const refresh = useRefresh('faq', 'faq-category')
  const { value: row, error, loading } = useRecord(id ? ['faq', id] : null, () => getFaq(id ?? ''))

  useLayoutEffect(() => {
    if (row) form.setFieldsValue(valuesOf(row))
  }, [row, form])

  const initialValues: FaqFormValues = presetId
    ? { ...EMPTY, category: { value: presetId, label: presetName || presetId } }
    : EMPTY

  const save = useMutation({
    mutationFn: (body: FaqInput) => (id ? updateFaq(id, body) : createFaq(body)),
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      navigate(listUrl(paths.faqList()))
    },
    onError: (e) => applyFieldErrors(form, e, SERVER_FIELDS),
    onSettled: () => void refresh(),
  })

  const cancel = () => {
    if (canGoBack(locationKey)) navigate(-1)
    else navigate(listUrl(paths.faqList()))
  }

  const title = editing ? 'Edit FAQ' : 'Add FAQ'
  if (error)
    return (
      <LoadState
        title={title}
        error={error}
        back={<Button onClick={() => navigate(listUrl(paths.faqList()))}>Back</Button>}
      />
    )

  return (
    <Card title={title}>
      {loading && <Skeleton active />}
      <Form<FaqFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={clearEditedFieldErrors(form)}
        onFinish={(values) => save.mutate(bodyOf(values))}
        scrollToFirstError
        style={{ display: loading ? 'none' : undefined }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Category" name="category" required rules={[rule(v.category)]}>
              <AsyncSelect aria-label="Category" placeholder="Select Category" loader={faqCategoryLoader} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Question" name="question" required rules={[rule(v.question)]}>
              <Input maxLength={v.QUESTION_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Answer" name="answer" required rules={[rule(v.answer)]}>
              <RichTextEditor aria-label="Answer" height={220} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Order" name="order" required rules={[rule(v.order)]}>
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Active" name="isActive" valuePropName="checked">
              <Switch aria-label="Active" />
            </Form.Item>
          </Col>
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
