/**
 * SPEC §4 "Coupon": unvalidated, validating, valid (green tick), invalid (red cross); any change of
 * the text goes back to unvalidated. Logged in only (SPEC §6). Applied in place (issue 34 item 4):
 * 'Aplicar' asks the server (validar-cupom computes the discount on her own server cart), the
 * discount line appears in the summary at once, a refusal is said under the field in the server's
 * words, and 'Remover' takes it off. No dialog.
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
  applied: AppliedCoupon | null;
  setCode: (code: string) => void;
  /** 'Aplicar': asks the server about the code typed. */
  apply: () => Promise<void>;
  /** 'Remover': the coupon is taken off and the field emptied. */
  remove: () => void;
}

export function useCoupon(subtotalCents: Cents): CouponState {
  const [code, setCodeState] = useState('');
  const [status, setStatus] = useState<CouponStatus>('unvalidated');
  const [result, setResult] = useState<CouponResult | null>(null);
  // An answer that comes back after the text changed belongs to another code: it is dropped.
  const generation = useRef(0);

  const setCode = useCallback((next: string) => {
    generation.current++;
    setCodeState(next);
    setStatus('unvalidated');
    setResult(null);
  }, []);

  const apply = useCallback(async () => {
    if (normalizeCouponCode(code) === '') return;
    const mine = ++generation.current;
    setStatus('validating');
    const answer = await validateCoupon(code, subtotalCents);
    if (generation.current !== mine) return;
    setStatus(answer.success ? 'valid' : 'invalid');
    setResult(answer);
  }, [code, subtotalCents]);

  const remove = useCallback(() => setCode(''), [setCode]);

  const applied =
    status === 'valid' && result?.success
      ? { code: normalizeCouponCode(code), discountCents: result.desconto }
      : null;

  return { code, status, result, applied, setCode, apply, remove };
}
