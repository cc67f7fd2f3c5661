/** Causes as the BFF returns them (bff/API.md, module /master/cause_management). */
import type { components } from '../../api/schema'

/** A cause: the BFF's `TermView`, generated from its OpenAPI document (createdAt in epoch milliseconds). */
export type CauseRow = components['schemas']['TermView']

export type Cause = CauseRow
