import { describe, expect, it } from 'vitest';
import { COUPON_FORM_MESSAGES as M, couponStatusText, validateCouponForm } from './coupon-form';

const percent = { codigo: ' natal10 ', tipo: 'percentual', percentual: '12,5' };

describe('validateCouponForm', () => {
  it('normalises a percentage coupon: code upper-cased, basis points, defaults', () => {
    const result = validateCouponForm(percent);
    expect(result).toEqual({
      ok: true,
      value: {
        code: 'NATAL10',
        description: '',
        kind: 'percent',
        percentBasisPoints: 1250,
        amountCents: null,
        minOrderCents: null,
        validFrom: null,
        validUntil: null,
        usageLimit: null,
        oncePerCustomer: false,
        firstPurchaseOnly: false,
        customerEmail: null,
        active: true,
      },
    });
  });

  it('a fixed amount in centavos, with its minimum, dates, limit, flags and customer', () => {
    const result = validateCouponForm({
      codigo: 'VOLTA',
      descricao: ' Volta às aulas ',
      tipo: 'valor_fixo',
      valor: '15,00',
      percentual: 'ignored',
      pedido_minimo: '100.00',
      valido_de: '2026-11-01T00:00:00-03:00',
      valido_ate: '2026-11-30T23:59:00-03:00',
      limite_uso: 50,
      uma_vez_por_cliente: true,
      primeira_compra: true,
      cliente_email: ' Ana@Exemplo.com.br ',
      ativo: false,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      description: 'Volta às aulas',
      kind: 'fixed',
      amountCents: 1500,
      percentBasisPoints: null,
      minOrderCents: 10000,
      usageLimit: 50,
      oncePerCustomer: true,
      firstPurchaseOnly: true,
      customerEmail: 'ana@exemplo.com.br',
      active: false,
    });
    expect(result.value.validFrom!.toISOString()).toBe('2026-11-01T03:00:00.000Z');
  });

  it('answers every field at once, in Portuguese', () => {
    const result = validateCouponForm({
      codigo: 'com espaço',
      tipo: 'percentual',
      percentual: '0,5',
      pedido_minimo: '-1',
      valido_de: '2026-11-02T00:00:00Z',
      valido_ate: '2026-11-01T00:00:00Z',
      limite_uso: 0,
      ativo: 'sim',
      cliente_email: 'não é e-mail',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        codigo: [M.codeInvalid],
        percentual: [M.percentInvalid],
        pedido_minimo: [M.minimumInvalid],
        valido_ate: [M.untilBeforeFrom],
        limite_uso: [M.limitInvalid],
        ativo: [M.flagInvalid],
        cliente_email: [M.emailInvalid],
      },
    });
  });

  it('percent 1 to 100 with two decimals; a fixed amount above zero; required by kind', () => {
    const errorsOf = (body: object) => {
      const r = validateCouponForm(body);
      return r.ok ? {} : r.errors;
    };
    expect(errorsOf({ ...percent, percentual: 100 })).toEqual({});
    expect(errorsOf({ ...percent, percentual: 1 })).toEqual({});
    expect(errorsOf({ ...percent, percentual: '100,01' }).percentual).toEqual([M.percentInvalid]);
    expect(errorsOf({ ...percent, percentual: '10,555' }).percentual).toEqual([M.percentInvalid]);
    expect(errorsOf({ ...percent, percentual: '' }).percentual).toEqual([M.percentRequired]);
    expect(errorsOf({ codigo: 'X', tipo: 'valor_fixo' }).valor).toEqual([M.amountRequired]);
    expect(errorsOf({ codigo: 'X', tipo: 'valor_fixo', valor: '0,00' }).valor).toEqual([
      M.amountInvalid,
    ]);
    expect(errorsOf({ codigo: '', tipo: 'outro' })).toEqual({
      codigo: [M.codeRequired],
      tipo: [M.kindInvalid],
    });
    expect(errorsOf({ ...percent, codigo: 'A'.repeat(41) }).codigo).toEqual([M.codeTooLong]);
    expect(errorsOf({ ...percent, valido_de: '2026-11-01' }).valido_de).toEqual([M.dateInvalid]);
    expect(validateCouponForm([1])).toEqual({ ok: false, errors: { _: [M.bodyInvalid] } });
  });
});

describe('couponStatusText', () => {
  const now = new Date('2026-11-15T12:00:00Z');
  const base = { active: true, validFrom: null, validUntil: null, usageLimit: null, timesUsed: 0 };
  it('paused, expired, scheduled, used up, active — in that order', () => {
    expect(couponStatusText(base, now)).toBe('Ativo');
    expect(couponStatusText({ ...base, active: false, usageLimit: 1, timesUsed: 1 }, now)).toBe(
      'Pausado',
    );
    expect(couponStatusText({ ...base, validUntil: new Date('2026-11-14T00:00:00Z') }, now)).toBe(
      'Expirado',
    );
    expect(couponStatusText({ ...base, validFrom: new Date('2026-11-16T00:00:00Z') }, now)).toBe(
      'Agendado',
    );
    expect(couponStatusText({ ...base, usageLimit: 2, timesUsed: 2 }, now)).toBe('Esgotado');
  });
});
