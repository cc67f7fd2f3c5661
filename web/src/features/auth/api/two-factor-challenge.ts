/**
 * The second step of a sign-in (bff/API.md, two-factor): a sign-in answers a challenge instead
 * of a session when the account has two-factor sign-in (a code) or must set it up (enrol).
 */
import { apiClient, type ApiEnvelope } from '../../../lib/api-client'
import type { SessionUser } from '../../../lib/session'
import type { TwoFactorSecret } from '../../../components/TwoFactorEnrolSteps'

/** What a sign-in answers when a second step is due (no session yet). */
export interface TwoFactorChallenge {
  twoFactor: 'code' | 'enrol'
  challengeToken: string
}

export function isChallenge(data: unknown): data is TwoFactorChallenge {
  return typeof data === 'object' && data !== null && 'challengeToken' in data
}

/** POST /admin-login/twoFactor: the second step with a code or a recovery code. */
export async function verifyTwoFactor(body: {
  challengeToken: string
  code?: string
  recoveryCode?: string
}): Promise<ApiEnvelope<SessionUser>> {
  const res = await apiClient.post<ApiEnvelope<SessionUser>>('/admin-login/twoFactor', body)
  return res.data
}

/** POST /admin-login/twoFactor/enrol: the required set-up during sign-in, with the code mailed to the account. */
export async function challengeEnrol(challengeToken: string, emailCode: string): Promise<ApiEnvelope<TwoFactorSecret>> {
  const res = await apiClient.post<ApiEnvelope<TwoFactorSecret>>('/admin-login/twoFactor/enrol', {
    challengeToken,
    emailCode,
  })
  return res.data
}

/** POST /admin-login/twoFactor/confirm: signs in, answers the recovery codes once. */
export async function challengeConfirm(
  challengeToken: string,
  code: string,
): Promise<ApiEnvelope<SessionUser & { recoveryCodes: string[] }>> {
  const res = await apiClient.post<ApiEnvelope<SessionUser & { recoveryCodes: string[] }>>(
    '/admin-login/twoFactor/confirm',
    { challengeToken, code },
  )
  return res.data
}
