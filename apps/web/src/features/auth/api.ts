/**
 * The account calls of SPEC §7 (docs/auth-contract.md). Each returns the server's JSON; the
 * pages turn failures into SPEC §8 texts with the domain's message functions and `toOutcome`.
 */
import type { RegistrationPayload } from '@semijoias/domain/registration';
import { DEVICE_HEADER } from '@semijoias/domain/second-factor';
import { apiRequest, deviceId } from '@/lib/api';
import { storeTokens } from '@/lib/session';

/** The body of POST /api/users/ (birthdate as yyyy-mm-dd); the server re-validates it. */
export type RegisterPayload = RegistrationPayload;

/**
 * POST /api/users/. `destino`: the store path she was on (safeDestination's), which the server
 * puts in the verification link.
 */
export function registerUser(
  payload: RegisterPayload,
  destino: string | null = null,
): Promise<unknown> {
  return apiRequest<unknown>('/api/users/', {
    method: 'POST',
    body: destino ? { ...payload, destino } : payload,
    auth: false,
  });
}

export interface VerifyEmailAnswer {
  success?: boolean;
  already_verified?: boolean;
  message?: string;
  user?: { first_name?: string; email?: string };
  /** The session the link opened: only when this link verified the account. */
  access?: string;
  refresh?: string;
}

/**
 * POST /api/verify_email/. The link that verifies the account also logs her in: the pair it
 * answers is stored as a password login's is (the guest cart then follows her into her account).
 */
export async function verifyEmail(token: string): Promise<VerifyEmailAnswer> {
  const answer = await apiRequest<VerifyEmailAnswer>('/api/verify_email/', {
    method: 'POST',
    body: { token },
    auth: false,
  });
  if (answer.access && answer.refresh) storeTokens(answer.access, answer.refresh);
  return answer;
}

export function sendVerification(email: string, destino: string | null = null): Promise<unknown> {
  return apiRequest<unknown>('/api/send_verification/', {
    method: 'POST',
    body: destino ? { email: email.trim(), destino } : { email: email.trim() },
    auth: false,
  });
}

export function forgotPassword(email: string): Promise<unknown> {
  return apiRequest<unknown>('api/forgot-password/', {
    method: 'POST',
    body: { email: email.trim() },
    auth: false,
  });
}

export function resetPassword(token: string, password: string): Promise<unknown> {
  // Her browser's id: the one that opened the reset link gets past the per-account login wait.
  const device = deviceId();
  return apiRequest<unknown>('api/reset-password/', {
    method: 'POST',
    body: { token, password },
    headers: device ? { [DEVICE_HEADER]: device } : undefined,
    auth: false,
  });
}
