/** Causes as the BFF returns them (bff/API.md, module /master/cause_management). */

export interface CauseRow {
  _id: string
  name: string
  description?: string
  isActive: boolean
  /** Epoch milliseconds. */
  createdAt: number
}

export type Cause = CauseRow
