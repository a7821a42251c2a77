/**
 * SPEC §4 "Coupon": unvalidated, validating, valid (green tick), invalid (red cross); any change of
 * the text goes back to unvalidated. Logged in only (SPEC §6). The discount is the server's
 * (validar-cupom computes it on her own server cart).
 */
import type { CouponStatus } from '@semijoias/domain/address';
import { normalizeCouponCode } from '@semijoias/domain/coupon';
import type { CouponResult } from '@semijoias/domain/messages';
import type { Cents } from '@semijoias/domain/money';
import { useCallback, useRef, useState } from 'react';
import { validateCoupon } from './api';
import type { AppliedCoupon } from './checkout-model';

export interface CouponState {
  code: string;
  status: CouponStatus;
  /** The last answer for the code as typed now (null once the text changes). */
  result: CouponResult | null;
  /** The answer shown in the result popup, until she closes it. */
  popup: CouponResult | null;
  applied: AppliedCoupon | null;
  setCode: (code: string) => void;
  validate: () => Promise<void>;
  closePopup: () => void;
}

export function useCoupon(subtotalCents: Cents): CouponState {
  const [code, setCodeState] = useState('');
  const [status, setStatus] = useState<CouponStatus>('unvalidated');
  const [result, setResult] = useState<CouponResult | null>(null);
  const [popup, setPopup] = useState<CouponResult | null>(null);
  // An answer that comes back after the text changed belongs to another code: it is dropped.
  const generation = useRef(0);

  const setCode = useCallback((next: string) => {
    generation.current++;
    setCodeState(next);
    setStatus('unvalidated');
    setResult(null);
  }, []);

  const validate = useCallback(async () => {
    if (normalizeCouponCode(code) === '') return;
    const mine = ++generation.current;
    setStatus('validating');
    const answer = await validateCoupon(code, subtotalCents);
    if (generation.current !== mine) return;
    setStatus(answer.success ? 'valid' : 'invalid');
    setResult(answer);
    setPopup(answer);
  }, [code, subtotalCents]);

  const closePopup = useCallback(() => setPopup(null), []);

  const applied =
    status === 'valid' && result?.success
      ? { code: normalizeCouponCode(code), discountCents: result.desconto }
      : null;

  return { code, status, result, popup, applied, setCode, validate, closePopup };
}
