/**
 * /master/charity_add and /master/charity_edit/:id: every field of a nonprofit (bff/API.md,
 * "Nonprofits"), checked with the contract's messages before sending; field errors of the
 * server are shown on their fields. Editing an imported nonprofit onboards it (`onboard: true`):
 * it then waits in New Nonprofit (Pending), where the user is taken and the message says so.
 * Saved bank accounts are shown masked; new ones are added in the Payment Methods section.
 */
import { useEffect, useMemo, useState } from 'react'
import { Alert, Button, Card, Col, Divider, Form, Input, Row, Select, Space, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useParams } from 'react-router'
import { FormScreen } from '../../../components/FormScreen'
import { useFormScreen } from '../../../components/useFormScreen'
import { ImageUploader } from '../../../components/ImageUploader'
import { NumberInput } from '../../../components/NumberInput'
import { RichTextEditor } from '../../../components/RichTextEditor'
import { useAccess, useSession } from '../../../lib/session'
import { matchLocation, type PlaceLevel } from '../../../lib/locations'
import { useRecord } from '../../../lib/query'
import { rule } from '../../../lib/validators'
import { LIMITS, limitProps } from '../../../lib/limits'
import { getActiveCategories, getActiveCauses, type ActiveTerm } from '../api/active-terms'
import { createCharity } from '../api/create-charity'
import { getCharity } from '../api/get-charity'
import { updateCharity } from '../api/update-charity'
import { LocationFields } from '../../../components/LocationFields'
import { PaymentMethodList } from '../components/PaymentMethodList'
import type { Charity, PaymentMethod } from '../types'
import { bodyOf, digitsOf, EMPTY_VALUES, valuesOf, type CharityFormValues } from '../form-values'
import * as v from '../validation'
import { CHARITY_ADMIN, CHARITY_MEDIA_MODULE, LIST_PATH, NEW_NONPROFIT_PATH, OWN_VIEW_PATH } from '../constants'
import { SLUGS } from '../../../lib/modules'

export const PHONE_FORMAT = '(###) ###-####'
export const TAX_ID_FORMAT = '##-#######'
/** Five digits stay as typed; the dash comes with the sixth. */
export const ZIP_FORMAT = '#####-####'

/** Options of active terms, plus the saved ones that are no longer active (so they still show). */
function termOptions(active: ActiveTerm[], saved: ActiveTerm[]) {
  const all = [...active]
  for (const term of saved) if (term._id && !all.some((t) => t._id === term._id)) all.push(term)
  return all.map((t) => ({ value: t._id, label: t.name }))
}

const NO_TERMS: ActiveTerm[] = []

type Unlisted = Partial<Record<PlaceLevel, string>>
/** A level that matchLocation leaves out is cleared in the form. */
const PLACES_CLEARED = { country: undefined, state: undefined, city: undefined }

/** Said after onboarding: the nonprofit is not in the Onboarded tab until it is approved. */
const ONBOARDED_NOTE = 'It now waits for approval in New Nonprofit (Pending).'

/** Server field names that differ from the form's. */
const SERVER_FIELDS = { countryId: ['country'], stateId: ['state'], cityId: ['city'] }

export default function CharityFormScreen() {
  const { id } = useParams()
  const editing = Boolean(id)
  const isCharityAdmin = useSession((s) => s.user?.adminType === CHARITY_ADMIN)
  const [form] = Form.useForm<CharityFormValues>()
  // A failure is shown by the request client; the select then stays empty.
  const categories = useRecord(['charity-category', 'active'], getActiveCategories).value ?? NO_TERMS
  const causes = useRecord(['cause', 'active'], getActiveCauses).value ?? NO_TERMS
  // An onboarded nonprofit is not in the Onboarded tab yet: it waits for approval.
  const seesNewNonprofits = useAccess().can(SLUGS.newNonprofit, 'view')
  const donePath = isCharityAdmin ? OWN_VIEW_PATH : LIST_PATH
  /** Editing an imported nonprofit onboards it. */
  const onboards = (record: Charity | null) => Boolean(editing && record?.isImported)

  const screen = useFormScreen({
    listPath: donePath,
    recordKey: id ? ['charity', id] : null,
    load: () => getCharity(id ?? ''),
    form,
    save: (body: ReturnType<typeof bodyOf>) => (id ? updateCharity(id, body) : createCharity(body)),
    refresh: ['charity'],
    serverFields: SERVER_FIELDS,
    savedMessage: (res, record) => {
      const message = res.message || 'Success'
      return onboards(record) ? `${message}. ${ONBOARDED_NOTE}` : message
    },
    savedPath: (record) => (onboards(record) && seesNewNonprofits ? NEW_NONPROFIT_PATH : donePath),
  })
  const charity = screen.record

  // The form starts from the nonprofit once it is there, its location texts matched to the
  // lists first (an imported one's IRS 'OR' becomes 'Oregon'). The form shows after that.
  const [prefilled, setPrefilled] = useState<{ of: Charity; unlisted: Unlisted } | null>(null)
  useEffect(() => {
    if (!charity) return
    let active = true
    const values = valuesOf(charity)
    matchLocation(values)
      .then(({ names, unlisted }) => ({ values: { ...values, ...PLACES_CLEARED, ...names }, unlisted }))
      // The request client has shown why a list failed: the saved texts stay as they are.
      .catch(() => ({ values, unlisted: {} }))
      .then((done) => {
        if (!active) return
        form.setFieldsValue(done.values)
        setPrefilled({ of: charity, unlisted: done.unlisted })
      })
    return () => {
      active = false
    }
  }, [charity, form])
  const filling = Boolean(charity) && prefilled?.of !== charity

  const categoryOptions = useMemo(
    () => termOptions(categories, charity?.categoryId ? [{ _id: charity.categoryId, name: charity.categoryName }] : []),
    [categories, charity],
  )
  const causeOptions = useMemo(() => termOptions(causes, charity?.causes ?? []), [causes, charity])

  const onboard = onboards(charity)
  const savedMethods: PaymentMethod[] = charity?.paymentMethods ?? []

  const onFinish = (values: CharityFormValues) => {
    screen.save.mutate(
      bodyOf(
        values,
        onboard,
        savedMethods.map((m) => m._id),
      ),
    )
  }

  return (
    <FormScreen<CharityFormValues>
      screen={screen}
      title={editing ? 'Edit Nonprofit' : 'Add Nonprofit'}
      form={form}
      busy={filling}
      onFinish={onFinish}
      initialValues={EMPTY_VALUES}
      notes={
        <>
          {isCharityAdmin && editing && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="Approval"
              description="A change of the Tax ID or of the payment methods sends the nonprofit back to the main admin for approval."
            />
          )}
          {onboard && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="Onboard"
              description="This nonprofit was imported from the IRS Business Master File. Saving it onboards it: it then waits for approval in New Nonprofit."
            />
          )}
        </>
      }
    >
      <Divider titlePlacement="start">Nonprofit</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Nonprofit Name" name="charityName" required rules={[rule(v.charityName)]}>
            <Input {...limitProps(LIMITS.charity.name)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Tax ID" name="taxId" required rules={[rule(v.taxId)]}>
            <NumberInput format={TAX_ID_FORMAT} placeholder="XX-XXXXXXX" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Category" name="categoryId" required rules={[rule(v.category)]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Select Category"
              options={categoryOptions}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Causes" name="causeIds" required rules={[rule(v.causes)]}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Select Causes"
              options={causeOptions}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" required rules={[rule(v.email)]}>
            <Input {...limitProps(LIMITS.email)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Phone Number" name="phoneNumber" required rules={[rule(v.phoneNumber)]}>
            <NumberInput format={PHONE_FORMAT} placeholder="(XXX) XXX-XXXX" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Website" name="website" rules={[rule(v.website)]}>
            <Input {...limitProps(LIMITS.charity.website)} placeholder="https://" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Logo" name="logo" required rules={[rule(v.logo)]}>
            <ImageUploader
              aria-label="Logo"
              moduleName={CHARITY_MEDIA_MODULE}
              maxNumber={1}
              buttonLabel="Upload Logo"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Images" name="images" rules={[rule(v.images)]}>
            <ImageUploader
              aria-label="Images"
              moduleName={CHARITY_MEDIA_MODULE}
              maxNumber={v.MAX_IMAGES}
              buttonLabel="Upload Images"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Mission" name="mission" required rules={[rule(v.mission)]}>
            <RichTextEditor aria-label="Mission" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Description" name="description" rules={[rule(v.description)]}>
            <RichTextEditor aria-label="Description" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">Address</Divider>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item label="Address" name="address" required rules={[rule(v.address)]}>
            <Input {...limitProps(LIMITS.charity.address)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Zip Code" name="zipCode" required rules={[rule(v.zipCode)]}>
            <NumberInput format={ZIP_FORMAT} placeholder="XXXXX or XXXXX-XXXX" />
          </Form.Item>
        </Col>
        <LocationFields unlisted={prefilled?.unlisted} />
      </Row>

      <Divider titlePlacement="start">Admin Contact</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Admin First Name" name="adminFirstName" required rules={[rule(v.adminFirstName)]}>
            <Input {...limitProps(LIMITS.charity.adminFirstName)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Admin Last Name" name="adminLastName" required rules={[rule(v.adminLastName)]}>
            <Input {...limitProps(LIMITS.charity.adminLastName)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Admin Email" name="adminEmail" required rules={[rule(v.adminEmail)]}>
            <Input {...limitProps(LIMITS.email)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Admin Phone" name="adminPhone" rules={[rule(v.optionalPhone)]}>
            <NumberInput format={PHONE_FORMAT} placeholder="(XXX) XXX-XXXX" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">Payment Methods</Divider>
      {editing && (
        <div style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">Saved bank accounts</Typography.Paragraph>
          <PaymentMethodList methods={savedMethods} empty="No saved bank accounts" />
        </div>
      )}
      <Form.List name="paymentMethods">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" size="middle" style={{ width: '100%', marginBottom: 24 }}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={`New bank account ${index + 1}`}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove bank account ${index + 1}`}
                    onClick={() => remove(field.name)}
                  />
                }
              >
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item label="Bank Name" name={[field.name, 'bankName']} required rules={[rule(v.bankName)]}>
                      <Input {...limitProps(LIMITS.charity.bankName)} autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      label="Account Holder"
                      name={[field.name, 'accountHolder']}
                      required
                      rules={[rule(v.accountHolder)]}
                    >
                      <Input {...limitProps(LIMITS.charity.accountHolder)} autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      label="Routing Number"
                      name={[field.name, 'routingNumber']}
                      required
                      normalize={digitsOf}
                      rules={[rule(v.routingNumber)]}
                    >
                      <Input maxLength={9} inputMode="numeric" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      label="Account Number"
                      name={[field.name, 'accountNumber']}
                      required
                      normalize={digitsOf}
                      rules={[rule(v.accountNumber)]}
                    >
                      <Input maxLength={17} inputMode="numeric" autoComplete="off" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({})}>
              Add Bank Account
            </Button>
          </Space>
        )}
      </Form.List>
    </FormScreen>
  )
}
