/**
 * Country -> State -> City of a form (fields `country`, `state`, `city` hold the names, the
 * hidden `countryId`, `stateId`, `cityId` the ids of the location lists). Choosing a country
 * loads its states and clears state and city; choosing a state loads its cities. A state or
 * city missing from the lists (e.g. of an imported nonprofit) can be typed in: it is sent by
 * name, without an id.
 */
import { useEffect, useMemo, useState } from 'react'
import { Col, Form, Input, Select } from 'antd'
import { CreatableSelect } from '../../../components/CreatableSelect'
import { findPlaceByName, getCities, getCountries, getStates, type Place } from '../../../lib/locations'
import { rule } from '../../../lib/validators'
import { city as cityRule, country as countryRule, state as stateRule } from '../validation'

const optionsOf = (places: Place[]) => places.map((p) => ({ value: p.name, label: p.name }))

/** A list for a key, once loaded ('' as key: known to have none; undefined: not known yet). */
interface PlaceList {
  places: Place[]
  ready: boolean
}

const NONE: Place[] = []

function usePlaces(key: string | undefined, load: (key: string) => Promise<Place[]>): PlaceList {
  const [loaded, setLoaded] = useState<{ key: string; places: Place[] } | null>(null)
  useEffect(() => {
    if (!key) return
    let active = true
    load(key)
      .then((places) => active && setLoaded({ key, places }))
      .catch(() => active && setLoaded({ key, places: [] }))
    return () => {
      active = false
    }
  }, [key, load])
  if (key === '') return { places: NONE, ready: true }
  if (key === undefined || loaded?.key !== key) return { places: NONE, ready: false }
  return { places: loaded.places, ready: true }
}

/**
 * The id of a named place: '' without a name or when the list has no such place; undefined
 * while the list is not loaded yet (a saved id is then kept).
 */
function idOf(list: PlaceList, name: string | undefined): string | undefined {
  if (!name) return ''
  if (!list.ready) return undefined
  const found = findPlaceByName(list.places, name)
  return found ? String(found.id) : ''
}

const loadCountries = () => getCountries()

export function LocationFields() {
  const form = Form.useFormInstance()
  const countryName = Form.useWatch('country', form) as string | undefined
  const stateName = Form.useWatch('state', form) as string | undefined
  const cityName = Form.useWatch('city', form) as string | undefined

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

  const countryOptions = useMemo(() => optionsOf(countries.places), [countries.places])
  const stateOptions = useMemo(() => optionsOf(states.places), [states.places])
  const cityOptions = useMemo(() => optionsOf(cities.places), [cities.places])

  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item label="Country" name="country" required rules={[rule(countryRule)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select Country"
            options={countryOptions}
            onChange={() => form.setFieldsValue({ state: undefined, city: undefined })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="State" name="state" required rules={[rule(stateRule)]}>
          <CreatableSelect
            placeholder="Select State"
            options={stateOptions}
            onChange={() => form.setFieldsValue({ city: undefined })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="City" name="city" required rules={[rule(cityRule)]}>
          <CreatableSelect placeholder="Select City" options={cityOptions} />
        </Form.Item>
      </Col>
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
