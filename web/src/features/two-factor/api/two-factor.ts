import { apiClient, type ApiEnvelope } from '../../../lib/api-client'

import type { TwoFactorSecret } from '../../../components/TwoFactorEnrolSteps'

export interface TwoFactorStatus {
  enabled: boolean
  required: boolean
  recoveryCodesLeft: number
}

export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  const res = await apiClient.get<ApiEnvelope<TwoFactorStatus>>('/admin/twoFactor/status')
  return res.data.data
}

export async function enrolTwoFactor(): Promise<ApiEnvelope<TwoFactorSecret>> {
  const res = await apiClient.post<ApiEnvelope<TwoFactorSecret>>('/admin/twoFactor/enrol', {})
  return res.data
}

export async function confirmTwoFactor(code: string): Promise<ApiEnvelope<{ recoveryCodes: string[] }>> {
  const res = await apiClient.post<ApiEnvelope<{ recoveryCodes: string[] }>>('/admin/twoFactor/confirm', { code })
  return res.data
}

export async function disableTwoFactor(code: string): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>('/admin/twoFactor/disable', { code })
  return res.data
}

export async function getTwoFactorSetting(): Promise<{ required: boolean }> {
  const res = await apiClient.get<ApiEnvelope<{ required: boolean }>>('/admin/twoFactor/setting')
  return res.data.data
}

export async function setTwoFactorSetting(required: boolean): Promise<ApiEnvelope<{ required: boolean }>> {
  const res = await apiClient.post<ApiEnvelope<{ required: boolean }>>('/admin/twoFactor/setting', { required })
  return res.data
}
