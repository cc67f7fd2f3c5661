/**
 * Transactions as the BFF returns them (/work/briefs giving REST contract, module /transaction).
 * Written to the contract until web/src/api/schema.d.ts has them; then these become aliases of
 * its schemas, here only. Money is in integer cents, rates in basis points (290 = 2.90 %), times
 * in epoch milliseconds.
 */
export type TransactionStatus = 'succeeded' | 'pending' | 'failed' | 'refunded'
export type TransactionType = 'one_time' | 'recurring'
export type RecipientType = 'charity' | 'community' | 'cause'

export interface Transaction {
  _id: string
  donorId: string
  donorName: string
  donorEmail: string
  recipientType: RecipientType | string
  recipientId: string
  recipientName: string
  amountCents: number
  currency: string
  processingFeeBp: number
  serviceChargeBp: number
  processingFeeCents: number
  serviceChargeCents: number
  netCents: number
  paymentMethod: string
  status: TransactionStatus | string
  type: TransactionType | string
  subscriptionId: string
  receiptNumber: string
  providerReference: string
  createdAt: number
  refundedAt: number | null
}

/** The filters of POST /admin/transaction/transactionList and TransactionList-excel (absent: any). */
export interface TransactionFilters {
  /** Epoch milliseconds, inclusive (the start of the first day). */
  from?: number
  /** Epoch milliseconds, inclusive (the end of the last day). */
  to?: number
  status?: TransactionStatus
  type?: TransactionType
  recipientType?: RecipientType
  recipientId?: string
  donorId?: string
}

/** The name a deleted donor's transactions keep. */
export const DELETED_DONOR = 'Deleted donor'
