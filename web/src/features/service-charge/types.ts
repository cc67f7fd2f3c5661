/** Service-charge settings as the BFF returns them (generated from /api-docs/openapi.json). */
import type { components } from '../../api/schema'

/** One change of the settings (percent numbers, e.g. 2.9; `at` in epoch milliseconds; `byName` who). */
export type SettingsChange = components['schemas']['SettingsChangeView']

export type Settings = components['schemas']['SettingsView']

/** Body of POST /admin/setting-master/{id}: numbers or the numeric text as typed. */
export interface SettingsBody {
  serviceCharge: number | string
  paymentProcesFee: number | string
}
