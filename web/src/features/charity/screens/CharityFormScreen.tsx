/**
 * /master/charity_add and /master/charity_edit/:id: every field of a nonprofit (bff/API.md,
 * "Nonprofits"), checked with the contract's messages before sending; field errors of the
 * server are shown on their fields. Editing an imported nonprofit onboards it (`onboard: true`):
 * it then waits in New Nonprofit (Pending), where the user is taken and the message says so.
 * Saved bank accounts are shown masked; new ones are added in the Payment Methods section.
 */
import { useEffect, useMemo, useState } from 'react'
import { Alert, Button, Divider, Form, Input, Row, Select, Space } from 'antd'
import { Paragraph } from '../../../components/Text'
import { Card } from '../../../components/Card'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useParams } from 'react-router'
import { AddressFields } from '../../../components/AddressFields'
import {
  FormField,
  MediaField,
  PatternField,
  PhoneField,
  RichTextField,
  TextField,
} from '../../../components/FormField'
import { FormScreen } from '../../../components/FormScreen'
import { recordCalls, useFormScreen } from '../../../components/useFormScreen'
import { useAccess, useSession } from '../../../lib/session'
import { matchLocation, type PlaceLevel } from '../../../lib/locations'
import { useRecord } from '../../../lib/query'
import { LIMITS } from '../../../lib/limits'
import { getActiveCategories, getActiveCauses, type ActiveTerm } from '../api/active-terms'
import { createCharity } from '../api/create-charity'
import { getCharity } from '../api/get-charity'
import { updateCharity } from '../api/update-charity'
import { PaymentMethodList } from '../components/PaymentMethodList'
import type { Charity, PaymentMethod } from '../types'
import { bodyOf, digitsOf, EMPTY_VALUES, valuesOf, type CharityFormValues } from '../form-values'
import * as v from '../validation'
import { CHARITY_ADMIN, CHARITY_MEDIA_MODULE, LIST_PATH, NEW_NONPROFIT_PATH, OWN_VIEW_PATH } from '../constants'
import { SLUGS } from '../../../lib/modules'

export const TAX_ID_FORMAT = '##-#######'
const L = LIMITS.charity

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

/** The names of a new bank account, within their limits. */
const ACCOUNT_NAMES = [
  { label: 'Bank Name', key: 'bankName', check: v.bankName, limit: L.bankName },
  { label: 'Account Holder', key: 'accountHolder', check: v.accountHolder, limit: L.accountHolder },
]

/** The digits of a new bank account: kept as digits, at most as many as the bank's numbers have. */
const ACCOUNT_DIGITS = [
  { label: 'Routing Number', key: 'routingNumber', maxLength: 9, check: v.routingNumber },
  { label: 'Account Number', key: 'accountNumber', maxLength: 17, check: v.accountNumber },
]

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
    ...recordCalls('charity', id, { get: getCharity, create: createCharity, update: updateCharity }),
    listPath: donePath,
    form,
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
        <TextField label="Nonprofit Name" name="charityName" required check={v.charityName} limit={L.name} />
        <PatternField
          label="Tax ID"
          name="taxId"
          required
          check={v.taxId}
          format={TAX_ID_FORMAT}
          placeholder="XX-XXXXXXX"
        />
        <FormField label="Category" name="categoryId" required check={v.category}>
          <Select showSearch={{ optionFilterProp: 'label' }} placeholder="Select Category" options={categoryOptions} />
        </FormField>
        <FormField label="Causes" name="causeIds" required check={v.causes}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select Causes"
            options={causeOptions}
          />
        </FormField>
        <TextField label="Email" name="email" required check={v.email} limit={LIMITS.email} />
        <PhoneField label="Phone Number" name="phoneNumber" required check={v.phoneNumber} />
        <TextField md={24} label="Website" name="website" check={v.website} limit={L.website} placeholder="https://" />
        <MediaField label="Logo" name="logo" required check={v.logo} moduleName={CHARITY_MEDIA_MODULE} />
        <MediaField
          label="Images"
          name="images"
          check={v.images}
          moduleName={CHARITY_MEDIA_MODULE}
          maxNumber={v.MAX_IMAGES}
        />
        <RichTextField label="Mission" name="mission" required check={v.mission} />
        <RichTextField label="Description" name="description" check={v.description} />
      </Row>

      <Divider titlePlacement="start">Address</Divider>
      <Row gutter={16}>
        <AddressFields
          address={{ limit: L.address, check: v.address, required: true }}
          zip={{ check: v.zipCode, required: true, placeholder: 'XXXXX or XXXXX-XXXX' }}
          unlisted={prefilled?.unlisted}
        />
      </Row>

      <Divider titlePlacement="start">Admin Contact</Divider>
      <Row gutter={16}>
        <TextField
          label="Admin First Name"
          name="adminFirstName"
          required
          check={v.adminFirstName}
          limit={L.adminFirstName}
        />
        <TextField
          label="Admin Last Name"
          name="adminLastName"
          required
          check={v.adminLastName}
          limit={L.adminLastName}
        />
        <TextField label="Admin Email" name="adminEmail" required check={v.adminEmail} limit={LIMITS.email} />
        <PhoneField label="Admin Phone" name="adminPhone" check={v.optionalPhone} />
      </Row>

      <Divider titlePlacement="start">Payment Methods</Divider>
      {editing && (
        <div style={{ marginBottom: 16 }}>
          <Paragraph type="secondary">Saved bank accounts</Paragraph>
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
                  {ACCOUNT_NAMES.map(({ key, ...name }) => (
                    <TextField key={key} name={[field.name, key]} required {...name} />
                  ))}
                  {ACCOUNT_DIGITS.map(({ label, key, maxLength, check }) => (
                    <FormField
                      key={key}
                      label={label}
                      name={[field.name, key]}
                      required
                      normalize={digitsOf}
                      check={check}
                    >
                      <Input maxLength={maxLength} inputMode="numeric" autoComplete="off" />
                    </FormField>
                  ))}
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
