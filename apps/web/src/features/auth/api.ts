/**
 * The account calls of SPEC §7 (docs/auth-contract.md). Each returns the server's JSON; the
 * pages turn failures into SPEC §8 texts with the domain's message functions and `toOutcome`.
 */
import type { RegistrationPayload } from '@semijoias/domain/registration';
import { DEVICE_HEADER } from '@semijoias/domain/second-factor';
import { apiRequest, deviceId } from '@/lib/api';

/** The body of POST /api/users/ (birthdate as yyyy-mm-dd); the server re-validates it. */
export type RegisterPayload = RegistrationPayload;

export function registerUser(payload: RegisterPayload): Promise<unknown> {
  return apiRequest<unknown>('/api/users/', { method: 'POST', body: payload, auth: false });
}

export interface VerifyEmailAnswer {
  success?: boolean;
  already_verified?: boolean;
  message?: string;
  user?: { first_name?: string; email?: string };
}

export function verifyEmail(token: string): Promise<VerifyEmailAnswer> {
  return apiRequest<VerifyEmailAnswer>('/api/verify_email/', {
    method: 'POST',
    body: { token },
    auth: false,
  });
}

export function sendVerification(email: string): Promise<unknown> {
  return apiRequest<unknown>('/api/send_verification/', {
    method: 'POST',
    body: { email: email.trim() },
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
