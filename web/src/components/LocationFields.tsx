/**
 * Country -> State -> City of a form (fields `country`, `state`, `city` hold the names, the
 * hidden `countryId`, `stateId`, `cityId` the ids of the location lists). Choosing a country
 * loads its states and clears state and city; choosing a state loads its cities.
 *
 * Places are chosen from the lists only. A saved text that no list holds (matchLocation in
 * lib/locations.ts) comes in `unlisted`: its field, left empty, says which text it was and
 * asks for a choice.
 */
import { useEffect, useMemo, useState } from 'react'
import { Col, Form, Input, Select } from 'antd'
import { Text } from './Text'
import { findPlace, getCities, getCountries, getStates, type Place, type PlaceLevel } from '../lib/locations'
import { city as cityRule, country as countryRule, rule, state as stateRule } from '../lib/validators'

const optionsOf = (places: Place[]) => places.map((p) => ({ value: p.name, label: p.name }))

/** A list for a key, once loaded ('' as key: known to have none; undefined: not known yet). */
interface PlaceList {
  places: Place[]
  ready: boolean
  /** The list could not be loaded (the request client has said so): saved values are kept. */
  failed: boolean
}

const NONE: Place[] = []

function usePlaces(key: string | undefined, load: (key: string) => Promise<Place[]>): PlaceList {
  const [loaded, setLoaded] = useState<{ key: string; places: Place[]; failed: boolean } | null>(null)
  useEffect(() => {
    if (!key) return
    let active = true
    load(key)
      .then((places) => active && setLoaded({ key, places, failed: false }))
      .catch(() => active && setLoaded({ key, places: [], failed: true }))
    return () => {
      active = false
    }
  }, [key, load])
  if (key === '') return { places: NONE, ready: true, failed: false }
  if (key === undefined || loaded?.key !== key) return { places: NONE, ready: false, failed: false }
  return { places: loaded.places, ready: true, failed: loaded.failed }
}

/**
 * The id of a named place: '' without a name or when the list has no such place; undefined
 * while the list is not known (a saved id is then kept).
 */
function idOf(list: PlaceList, name: string | undefined): string | undefined {
  if (!name) return ''
  if (!list.ready || list.failed) return undefined
  const found = findPlace(list.places, name)
  return found ? String(found.id) : ''
}

/** The fields a choice clears: those below it. */
const BELOW: Record<PlaceLevel, PlaceLevel[]> = { country: ['state', 'city'], state: ['city'], city: [] }

const loadCountries = () => getCountries()

/**
 * `optional`: no place is required (a donor's address); a chosen country still loads its
 * states, and so on.
 */
export function LocationFields({
  unlisted = {},
  optional = false,
}: {
  unlisted?: Partial<Record<PlaceLevel, string>>
  optional?: boolean
}) {
  const form = Form.useFormInstance()
  const countryName = Form.useWatch('country', form) as string | undefined
  const stateName = Form.useWatch('state', form) as string | undefined
  const cityName = Form.useWatch('city', form) as string | undefined
  /** Fields whose note about an unlisted text is gone: the person chose there or above. */
  const [dismissed, setDismissed] = useState<PlaceLevel[]>([])

  const countries = usePlaces('all', loadCountries)
  const countryId = idOf(countries, countryName)
  const states = usePlaces(countryId, getStates)
  const stateId = idOf(states, stateName)
  const cities = usePlaces(stateId, getCities)
  const cityId = idOf(cities, cityName)

  useEffect(() => {
    const known = Object.fromEntries(
      Object.entries({ countryId, stateId, cityId }).filter(([, value]) => value !== undefined),
    )
    form.setFieldsValue(known)
  }, [form, countryId, stateId, cityId])

  const chosen = (field: PlaceLevel) => {
    form.setFieldsValue(Object.fromEntries(BELOW[field].map((f) => [f, undefined])))
    setDismissed((was) => [...was, field, ...BELOW[field]])
  }

  const countryOptions = useMemo(() => optionsOf(countries.places), [countries.places])
  const stateOptions = useMemo(() => optionsOf(states.places), [states.places])
  const cityOptions = useMemo(() => optionsOf(cities.places), [cities.places])

  const fields: Array<{
    field: PlaceLevel
    label: string
    options: typeof countryOptions
    validate: typeof countryRule
  }> = [
    { field: 'country', label: 'Country', options: countryOptions, validate: countryRule },
    { field: 'state', label: 'State', options: stateOptions, validate: stateRule },
    { field: 'city', label: 'City', options: cityOptions, validate: cityRule },
  ]
  const values: Record<PlaceLevel, string | undefined> = { country: countryName, state: stateName, city: cityName }

  return (
    <>
      {fields.map(({ field, label, options, validate }) => {
        const was = values[field] || dismissed.includes(field) ? undefined : unlisted[field]
        return (
          <Col xs={24} md={8} key={field}>
            <Form.Item
              label={label}
              name={field}
              required={!optional}
              rules={optional ? [] : [rule(validate)]}
              extra={
                was && (
                  <Text type="warning">
                    “{was}” is not in the list: please select the {label}.
                  </Text>
                )
              }
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={`Select ${label}`}
                allowClear={optional}
                options={options}
                onChange={() => chosen(field)}
              />
            </Form.Item>
          </Col>
        )
      })}
      <Form.Item name="countryId" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="stateId" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="cityId" hidden>
        <Input />
      </Form.Item>
    </>
  )
}
