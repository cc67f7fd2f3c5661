import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { PaymentMethod } from '../types'

/** GET /admin/payment-method/findPaymentMethodbyCharity/{id} (any right on nonprofits, or own). */
export async function getPaymentMethods(charityId: string): Promise<PaymentMethod[]> {
  const res = await apiClient.get<ApiEnvelope<PaymentMethod[]>>(
    `/admin/payment-method/findPaymentMethodbyCharity/${encodeURIComponent(charityId)}`,
  )
  return res.data.data ?? []
}
