import { describe, expect, it } from 'vitest';
import {
  STOCK_ALERT_EMAIL_INVALID,
  STOCK_ALERT_EMAIL_REQUIRED,
  stockAlertAnySize,
  stockAlertConfirmation,
  stockAlertConfirmationSent,
  stockAlertEmailError,
  stockAlertSizeQuestion,
  stockAlertWaitingText,
  stockAlertWaitingTitle,
} from './stock-alerts';

describe("'Avise-me' texts and rules", () => {
  it('checks the e-mail as the API does', () => {
    expect(stockAlertEmailError(undefined)).toBe(STOCK_ALERT_EMAIL_REQUIRED);
    expect(stockAlertEmailError('   ')).toBe(STOCK_ALERT_EMAIL_REQUIRED);
    expect(stockAlertEmailError(42)).toBe(STOCK_ALERT_EMAIL_REQUIRED);
    expect(stockAlertEmailError('ana@')).toBe(STOCK_ALERT_EMAIL_INVALID);
    expect(stockAlertEmailError('ana@exemplo')).toBe(STOCK_ALERT_EMAIL_INVALID);
    expect(stockAlertEmailError(`${'a'.repeat(250)}@x.com`)).toBe(STOCK_ALERT_EMAIL_INVALID);
    expect(stockAlertEmailError(' Ana.Souza@Exemplo.com.br ')).toBeNull();
  });

  it('names the axis in the size question and the whole piece', () => {
    expect(stockAlertSizeQuestion('Aro')).toBe('Seu aro esgotou? Avise-me quando chegar');
    expect(stockAlertSizeQuestion('Comprimento')).toBe(
      'Seu comprimento esgotou? Avise-me quando chegar',
    );
    expect(stockAlertSizeQuestion(null)).toBe('Seu tamanho esgotou? Avise-me quando chegar');
    expect(stockAlertAnySize('Aro')).toBe('Qualquer aro');
  });

  it('confirms with the address as stored, and counts for the owners', () => {
    expect(stockAlertConfirmation(' Ana@Exemplo.com ')).toBe(
      'Pronto! Avisaremos ana@exemplo.com quando chegar.',
    );
    expect(stockAlertConfirmationSent(' Ana@Exemplo.com ')).toBe(
      'Enviamos um e-mail de confirmação para ana@exemplo.com. Abra o link nele para receber o aviso quando chegar.',
    );
    expect(stockAlertWaitingText(1)).toBe('1 aguardando aviso');
    expect(stockAlertWaitingText(4)).toBe('4 aguardando aviso');
    expect(stockAlertWaitingTitle(1)).toMatch(/^1 cliente pediu/);
    expect(stockAlertWaitingTitle(3)).toMatch(/^3 clientes pediram/);
  });
});
