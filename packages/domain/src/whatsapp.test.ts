import { describe, expect, it } from 'vitest';
import { formatWhatsappNumber, parseWhatsappNumber, whatsappChatUrl } from './whatsapp';

describe('the store WhatsApp number', () => {
  it.each([
    ['(11) 97452-3180', '11974523180'],
    ['+55 11 97452-3180', '11974523180'],
    ['5511974523180', '11974523180'],
    ['011974523180', '11974523180'],
    ['(21) 3000-1234', '2130001234'],
    ['552130001234', '2130001234'],
  ])('reads %s as %s', (input, digits) => {
    expect(parseWhatsappNumber(input)).toBe(digits);
  });

  it.each(['', '1234', '(11) 87452-3180', '(01) 97452-3180', '(11) 7000-1234', '11974523180999'])(
    'refuses %s',
    (input) => {
      expect(parseWhatsappNumber(input)).toBeNull();
    },
  );

  it('shows it masked and links to wa.me with Brazil and the typed message', () => {
    expect(formatWhatsappNumber('11974523180')).toBe('(11) 97452-3180');
    expect(whatsappChatUrl('11974523180')).toBe('https://wa.me/5511974523180');
    expect(whatsappChatUrl('11974523180', 'Olá! Quero o Anel Solitário (Aro 16) ✨')).toBe(
      'https://wa.me/5511974523180?text=Ol%C3%A1!%20Quero%20o%20Anel%20Solit%C3%A1rio%20(Aro%2016)%20%E2%9C%A8',
    );
  });
});
