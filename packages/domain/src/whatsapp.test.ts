import { describe, expect, it } from 'vitest';
import {
  formatWhatsappNumber,
  parseWhatsappNumber,
  whatsappChatUrl,
  whatsappGreeting,
  whatsappOrderMessage,
  whatsappProductMessage,
} from './whatsapp';

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

describe('the messages the WhatsApp links type for her', () => {
  // The domain has no URL global (no DOM, no Node types): the link's text read back by hand.
  const url = (text: string) => {
    const href = whatsappChatUrl('11974523180', text);
    return { href, text: decodeURIComponent(href.split('?text=')[1] ?? '') };
  };

  it('greets the store by name', () => {
    expect(whatsappGreeting()).toBe(
      'Olá, Duas Irmãs Semijoias! Vim pelo site e gostaria de atendimento.',
    );
    expect(whatsappChatUrl('11974523180', whatsappGreeting())).toBe(
      'https://wa.me/5511974523180?text=Ol%C3%A1%2C%20Duas%20Irm%C3%A3s%20Semijoias!%20Vim%20pelo%20site%20e%20gostaria%20de%20atendimento.',
    );
  });

  it('names the piece, the chosen size, the price she sees and its link', () => {
    const text = whatsappProductMessage({
      name: 'Anel Solitário Zircônia',
      size: { axis: 'Aro', name: '16' },
      priceCents: 12990,
      url: 'https://loja.test/produto/12?variacao=34',
    });
    expect(text).toBe(
      'Olá! Quero comprar esta joia da Duas Irmãs Semijoias:\n' +
        'Anel Solitário Zircônia\n' +
        'Tamanho: Aro 16\n' +
        'Preço: R$ 129,90\n' +
        'https://loja.test/produto/12?variacao=34',
    );
    const link = url(text);
    // Line breaks, accents, the link's own '?' and '=' all travel encoded, and come back whole.
    expect(link.href).toContain('%0ATamanho%3A%20Aro%2016%0A');
    expect(link.href).toContain('https%3A%2F%2Floja.test%2Fproduto%2F12%3Fvariacao%3D34');
    expect(link.text).toBe(text);
  });

  it('leaves the size out when none is chosen (or the piece has none), the price when unknown', () => {
    expect(
      whatsappProductMessage({
        name: 'Brinco Gota',
        priceCents: 8990,
        url: 'https://loja.test/produto/7',
      }),
    ).toBe(
      'Olá! Quero comprar esta joia da Duas Irmãs Semijoias:\nBrinco Gota\nPreço: R$ 89,90\nhttps://loja.test/produto/7',
    );
    expect(
      whatsappProductMessage({
        name: 'Colar Ponto de Luz',
        size: { axis: null, name: 'Ajustável' },
        priceCents: null,
        url: 'https://loja.test/produto/9?variacao=2',
      }),
    ).toBe(
      'Olá! Quero comprar esta joia da Duas Irmãs Semijoias:\nColar Ponto de Luz\nTamanho: Ajustável\nhttps://loja.test/produto/9?variacao=2',
    );
  });

  it("names her order's reference", () => {
    const text = whatsappOrderMessage('10234');
    expect(text).toBe('Olá! Quero falar sobre o meu pedido #10234 na Duas Irmãs Semijoias.');
    expect(url(text).text).toBe(text);
    expect(whatsappChatUrl('11974523180', text)).toContain('%2310234');
  });
});
