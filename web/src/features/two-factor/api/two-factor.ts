import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SessionUser } from '../../../lib/session'

/** A new secret: Base32 to type, the otpauth URI for the QR code. */
export interface TwoFactorSecret {
  secret: string
  otpauthUri: string
}

export interface TwoFactorStatus {
  enabled: boolean
  required: boolean
  recoveryCodesLeft: number
}

/** What a sign-in answers when a second step is due (no session yet). */
export interface TwoFactorChallenge {
  twoFactor: 'code' | 'enrol'
  challengeToken: string
}

export function isChallenge(data: unknown): data is TwoFactorChallenge {
  return typeof data === 'object' && data !== null && 'challengeToken' in data
}

/** POST /admin-login/twoFactor: the second step with a code or a recovery code. */
export async function verifyTwoFactor(body: { challengeToken: string; code?: string; recoveryCode?: string }): Promise<ApiEnvelope<SessionUser>> {
  const res = await apiClient.post<ApiEnvelope<SessionUser>>('/admin-login/twoFactor', body)
  return res.data
}

/** POST /admin-login/twoFactor/enrol: the required set-up during sign-in, with the code mailed to the account. */
export async function challengeEnrol(challengeToken: string, emailCode: string): Promise<ApiEnvelope<TwoFactorSecret>> {
  const res = await apiClient.post<ApiEnvelope<TwoFactorSecret>>('/admin-login/twoFactor/enrol', { challengeToken, emailCode })
  return res.data
}

/** POST /admin-login/twoFactor/confirm: signs in, answers the recovery codes once. */
export async function challengeConfirm(challengeToken: string, code: string): Promise<ApiEnvelope<SessionUser & { recoveryCodes: string[] }>> {
  const res = await apiClient.post<ApiEnvelope<SessionUser & { recoveryCodes: string[] }>>('/admin-login/twoFactor/confirm', { challengeToken, code })
  return res.data
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

/** POST /admin/sub-admin/resetTwoFactor/{id} (main admin). */
export async function resetTwoFactor(id: string): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>(`/admin/sub-admin/resetTwoFactor/${encodeURIComponent(id)}`, {})
  return res.data
}
