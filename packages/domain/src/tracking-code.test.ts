import { describe, expect, it } from 'vitest';
import {
  isValidTrackingCode,
  normalizeTrackingCode,
  TRACKING_CODE_MESSAGES,
  trackingCheckDigit,
  trackingCodeError,
  trackingLinkText,
  trackingUrl,
} from './tracking-code';
import { labelRefusedMessage } from './messages/back-office';

describe('normalizeTrackingCode', () => {
  it('upper-cases and drops spaces, dots and dashes', () => {
    expect(normalizeTrackingCode(' aa 473.124.829-br ')).toBe('AA473124829BR');
    expect(normalizeTrackingCode(null)).toBe('');
  });
});

describe('trackingCheckDigit (UPU S10)', () => {
  it('weights 8 6 4 2 3 5 9 7, 11 − (sum mod 11)', () => {
    // 4·8 + 7·6 + 3·4 + 1·2 + 2·3 + 4·5 + 8·9 + 2·7 = 200; 200 mod 11 = 2; 11 − 2 = 9
    expect(trackingCheckDigit('47312482')).toBe(9);
  });

  it('is 5 when the rest is 0 and 0 when it is 1', () => {
    // 2·3 + 1·5 = 11 → r 0
    expect(trackingCheckDigit('00002100')).toBe(5);
    // 2·6 = 12 → r 1
    expect(trackingCheckDigit('02000000')).toBe(0);
  });

  it('refuses a serial that is not eight digits', () => {
    expect(() => trackingCheckDigit('1234')).toThrow();
  });
});

describe('trackingCodeError', () => {
  it.each([
    ['AA473124829BR', null],
    ['aa473124829br', null],
    ['AA 473 124 829 BR', null],
    ['', TRACKING_CODE_MESSAGES.required],
    ['   ', TRACKING_CODE_MESSAGES.required],
    ['AA47312482BR', TRACKING_CODE_MESSAGES.format],
    ['A1473124829BR', TRACKING_CODE_MESSAGES.format],
    ['AA4731248290B', TRACKING_CODE_MESSAGES.format],
    ['AA473124829BRX', TRACKING_CODE_MESSAGES.format],
    ['AA473124828BR', TRACKING_CODE_MESSAGES.checkDigit],
    ['AA473124820BR', TRACKING_CODE_MESSAGES.checkDigit],
  ])('%j → %j', (code, message) => {
    expect(trackingCodeError(code)).toBe(message);
    expect(isValidTrackingCode(code)).toBe(message === null);
  });
});

describe('trackingUrl', () => {
  it("links the Correios' tracking of the normalized code", () => {
    expect(trackingUrl('aa473124829br')).toBe(
      'https://rastreamento.correios.com.br/app/index.php?objetos=AA473124829BR',
    );
  });
  it("sends another carrier's code (Jadlog's, bought through Melhor Envio) to Melhor Rastreio, as it came", () => {
    expect(trackingUrl('12345678901234')).toBe(
      'https://www.melhorrastreio.com.br/rastreio/12345678901234',
    );
    expect(trackingLinkText('12345678901234')).toBe('Rastrear a entrega');
    expect(trackingLinkText('AA473124829BR')).toBe('Rastrear nos Correios');
  });
});

describe("a label's refusal, in the owners' words", () => {
  it("names the refused fields, never Melhor Envio's paths", () => {
    expect(labelRefusedMessage(['to.document', 'to.postal_code', 'to.document'])).toBe(
      'O Melhor Envio recusou a etiqueta. Confira: CPF da cliente; CEP da cliente.',
    );
    expect(labelRefusedMessage(['_'])).toMatch(/^O Melhor Envio recusou os dados da etiqueta/);
  });
});
