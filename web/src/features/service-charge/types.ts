/** Service-charge settings as the BFF returns them (giving-rest.md, /admin/setting-master). */

/** One change of the settings (percent numbers, e.g. 2.9; `at` in epoch milliseconds). */
export interface SettingsChange {
  at: number
  by: string
  oldServiceCharge: number
  newServiceCharge: number
  oldPaymentProcesFee: number
  newPaymentProcesFee: number
}

export interface Settings {
  _id: string
  serviceCharge: number
  paymentProcesFee: number
  updatedAt: number | null
  updatedBy: string
  /** Newest first. */
  history: SettingsChange[]
}

/** Body of POST /admin/setting-master/{id}: numbers or the numeric text as typed. */
export interface SettingsBody {
  serviceCharge: number | string
  paymentProcesFee: number | string
}
