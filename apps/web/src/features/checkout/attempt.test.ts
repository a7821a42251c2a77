import { beforeEach, describe, expect, it } from 'vitest';
import { attemptFingerprint, currentAttempt, saveAttempt } from './attempt';

const ring = { produto: { id: 3 }, quantidade: 2 };
const earring = { produto: { id: 7 }, quantidade: 1 };

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('a try at paying', () => {
  it('keeps its Idempotency-Keys across a reload of /checkout', () => {
    const first = currentAttempt(attemptFingerprint([ring, earring], '', 'cartao'));
    first.order = { reference: '100023', chave: 'segredo' };
    saveAttempt(first);

    // A reload: only sessionStorage is left of the first try.
    const again = currentAttempt(attemptFingerprint([earring, ring], '', 'cartao'));
    expect(again).toEqual(first);
  });

  it('gives two different keys to the two calls', () => {
    const attempt = currentAttempt(attemptFingerprint([ring], '', 'cartao'));
    expect(attempt.payKey).not.toBe(attempt.pagamentoKey);
    expect(attempt.payKey).not.toBe('');
  });

  it('starts over for other lines, another quantity or another coupon', () => {
    const first = currentAttempt(attemptFingerprint([ring, earring], '', 'cartao'));
    const fewer = currentAttempt(attemptFingerprint([ring], '', 'cartao'));
    expect(fewer.payKey).not.toBe(first.payKey);
    const more = currentAttempt(attemptFingerprint([{ ...ring, quantidade: 3 }], '', 'cartao'));
    expect(more.payKey).not.toBe(fewer.payKey);
    const coupon = currentAttempt(
      attemptFingerprint([{ ...ring, quantidade: 3 }], 'BOASVINDAS', 'cartao'),
    );
    expect(coupon.payKey).not.toBe(more.payKey);
    expect(coupon.order).toBeUndefined();
  });

  it('starts over for the other way to pay, even once its order was made', () => {
    // api/pay made the order for PIX (its total with the PIX discount), then the payment call
    // failed: paying by card instead must not pay that order.
    const pix = currentAttempt(attemptFingerprint([ring, earring], '', 'pix'));
    pix.order = { reference: '100023', chave: 'segredo' };
    saveAttempt(pix);

    const card = currentAttempt(attemptFingerprint([ring, earring], '', 'cartao'));
    expect(card.order).toBeUndefined();
    expect(card.payKey).not.toBe(pix.payKey);
    expect(card.pagamentoKey).not.toBe(pix.pagamentoKey);
    expect(attemptFingerprint([ring], 'BOASVINDAS', 'pix')).not.toBe(
      attemptFingerprint([ring], 'BOASVINDAS', 'cartao'),
    );
  });

  it('is forgotten once the order is paid for (saveAttempt(null))', () => {
    const fingerprint = attemptFingerprint([ring], '', 'cartao');
    const first = currentAttempt(fingerprint);
    saveAttempt(null);
    expect(currentAttempt(fingerprint).payKey).not.toBe(first.payKey);
  });

  it('ignores what it cannot read in storage', () => {
    window.sessionStorage.setItem('checkout-attempt', '{not json');
    const fingerprint = attemptFingerprint([ring], '', 'cartao');
    expect(currentAttempt(fingerprint).payKey).toEqual(expect.any(String));
    window.sessionStorage.setItem('checkout-attempt', JSON.stringify({ fingerprint }));
    expect(currentAttempt(fingerprint).payKey).toEqual(expect.any(String));
  });
});
