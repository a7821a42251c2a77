import { computeTotals } from '@semijoias/domain/coupon';
import { DEFAULT_PAYMENT_SETTINGS } from '@semijoias/domain/payment-terms';
import { describe, expect, it } from 'vitest';
import type { CepLookupState } from '@/lib/use-cep-lookup';
import { CART_QUOTE, CPF, PHONE, cartCheckoutState, savedProfile } from '@test/fixtures';
import {
  buildPagamentoBody,
  buildPayBody,
  checkoutProblem,
  contactPrefill,
  emptyForm,
  fieldMessages,
  lookupLocks,
  mergeTyped,
  paymentChoiceView,
  preferredPaymentMethod,
  profileToForm,
  sameCep,
  totalsBasis,
  totalsFromWire,
  withLookup,
  type CheckInput,
  type CheckoutFormValues,
} from './checkout-model';

function filledForm(overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  return {
    ...emptyForm('01310100'),
    fullName: 'Ana Souza',
    email: 'ana@exemplo.com.br',
    street: 'Avenida Paulista',
    number: '1000',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    phone: PHONE,
    cpf: CPF,
    ...overrides,
  };
}

function check(overrides: Partial<CheckInput> = {}): string | null {
  return checkoutProblem({
    form: filledForm(),
    coupon: '',
    couponStatus: 'unvalidated',
    loggedIn: false,
    manualMode: false,
    cepValidated: true,
    ...overrides,
  });
}

const found = (endereco: Partial<Record<'logradouro' | 'bairro' | 'cidade' | 'estado', string>>) =>
  ({
    status: 'found',
    digits: '01310100',
    endereco: { logradouro: '', bairro: '', cidade: '', estado: '', ...endereco },
  }) satisfies CepLookupState;

describe('the form she starts from', () => {
  it("starts empty but for the cart's CEP, masked", () => {
    const form = emptyForm('01310100');
    expect(form.cep).toBe('01310-100');
    expect(Object.entries(form).filter(([, v]) => v !== '')).toEqual([['cep', '01310-100']]);
  });

  it("borrows her account's name, e-mail, phone and CPF, masked", () => {
    expect(
      contactPrefill({
        first_name: 'Ana',
        last_name: 'Souza',
        email: 'ana@exemplo.com.br',
        phone: '11987654321',
        cpf: '12345678909',
      }),
    ).toEqual({ fullName: 'Ana Souza', email: 'ana@exemplo.com.br', phone: PHONE, cpf: CPF });
    expect(contactPrefill({ first_name: 'Ana' })).toEqual({ fullName: 'Ana' });
    expect(contactPrefill(undefined)).toEqual({});
  });

  it('keeps what she typed over the prefill, even a field she emptied', () => {
    const form = mergeTyped(
      emptyForm('01310100'),
      { fullName: 'Ana Souza', email: 'ana@exemplo.com.br' },
      { fullName: '', number: '12' },
    );
    expect(form.fullName).toBe('');
    expect(form.email).toBe('ana@exemplo.com.br');
    expect(form.number).toBe('12');
    expect(form.cep).toBe('01310-100');
  });

  it('shows a saved profile in the form with its CEP, phone and CPF masked', () => {
    expect(profileToForm(savedProfile({ complemento: '' }))).toEqual({
      nomePerfilEndereco: 'Casa',
      cep: '01310-100',
      fullName: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      street: 'Avenida Paulista',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      number: '1000',
      complement: '',
      phone: PHONE,
      cpf: CPF,
    });
  });
});

describe('the CEP lookup and the address fields', () => {
  it('locks and fills street, district, city and state from a found CEP', () => {
    const lookup = found({
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      estado: 'sp',
    });
    expect(lookupLocks(lookup)).toEqual({ street: true, district: true, city: true, state: true });
    const typed = filledForm({ street: 'Rua Errada', city: 'Campinas', state: 'RJ' });
    expect(withLookup(typed, lookup)).toMatchObject({
      street: 'Avenida Paulista',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      number: '1000',
    });
  });

  it('leaves street and district to her for a town with a single CEP', () => {
    const lookup = found({ cidade: 'Serra da Saudade', estado: 'MG' });
    expect(lookupLocks(lookup)).toEqual({
      street: false,
      district: false,
      city: true,
      state: true,
    });
    const form = withLookup(filledForm({ street: 'Rua Principal', district: 'Centro' }), lookup);
    expect(form).toMatchObject({
      street: 'Rua Principal',
      district: 'Centro',
      city: 'Serra da Saudade',
      state: 'MG',
    });
  });

  it('opens all four fields when the lookup could not run, keeping what she typed', () => {
    const lookup: CepLookupState = { status: 'failed', digits: '01310100' };
    expect(lookupLocks(lookup)).toEqual({
      street: false,
      district: false,
      city: false,
      state: false,
    });
    expect(withLookup(filledForm(), lookup)).toEqual(filledForm());
  });

  it.each(['incomplete', 'loading', 'not-found'] as const)(
    'keeps the four fields locked and empty while the CEP is %s',
    (status) => {
      const lookup = { status, digits: '01310100' } as CepLookupState;
      expect(lookupLocks(lookup)).toEqual({
        street: true,
        district: true,
        city: true,
        state: true,
      });
      expect(withLookup(filledForm(), lookup)).toMatchObject({
        street: '',
        district: '',
        city: '',
        state: '',
      });
    },
  );
});

describe('what stops the payment (SPEC §5 order, then the server rules)', () => {
  it('lets a complete, valid form pay', () => {
    expect(check()).toBeNull();
  });

  it('asks a logged-in shopper in the manual form for a profile name first', () => {
    expect(check({ loggedIn: true, manualMode: true, form: filledForm({ fullName: '' }) })).toBe(
      'Por favor, digite um nome para o perfil de endereço (ex: Casa, Trabalho).',
    );
    expect(
      check({ loggedIn: true, manualMode: true, form: filledForm({ nomePerfilEndereco: 'Casa' }) }),
    ).toBeNull();
  });

  it('asks for every required field, the complement excepted', () => {
    expect(check({ form: filledForm({ number: '  ' }) })).toBe(
      'Por favor, complete todos os dados de entrega obrigatórios.',
    );
    expect(check({ form: filledForm({ complement: '' }) })).toBeNull();
  });

  it('refuses a CEP the lookup did not accept', () => {
    expect(check({ cepValidated: false })).toBe(
      'CEP inválido ou não encontrado. Verifique e tente novamente.',
    );
  });

  it("waits for a logged-in shopper's coupon to be validated, and ignores a guest's", () => {
    const withCoupon = { coupon: 'BOASVINDAS', couponStatus: 'unvalidated' as const };
    expect(check({ ...withCoupon, loggedIn: true })).toBe(
      'Aguarde a validação do cupom ou remova-o para continuar.',
    );
    expect(check({ ...withCoupon, loggedIn: true, couponStatus: 'invalid' })).toBe(
      'Aguarde a validação do cupom ou remova-o para continuar.',
    );
    expect(check({ ...withCoupon, loggedIn: true, couponStatus: 'valid' })).toBeNull();
    expect(check(withCoupon)).toBeNull();
  });

  it("says what the server would refuse in SPEC §8's words", () => {
    expect(check({ form: filledForm({ email: 'ana@exemplo' }) })).toBe(
      'Erro no email: Email inválido',
    );
    expect(check({ form: filledForm({ cpf: '111.111.111-11' }) })).toBe(
      'Erro no CPF: CPF inválido',
    );
    expect(check({ form: filledForm({ phone: '(11) 9876' }) })).toBe(
      'Erro no telefone: Telefone inválido',
    );
    expect(check({ form: filledForm({ cep: '01310-10' }) })).toBe('Erro no CEP: CEP inválido');
    expect(check({ form: filledForm({ state: 'XX' }) })).toBe(
      'Erro nos dados do endereço: Estado inválido',
    );
  });

  it('reports the e-mail before the CPF, and a missing field before either', () => {
    const bad = { email: 'ana@', cpf: '111.111.111-11' };
    expect(check({ form: filledForm(bad) })).toBe('Erro no email: Email inválido');
    expect(check({ form: filledForm({ ...bad, city: '' }) })).toBe(
      'Por favor, complete todos os dados de entrega obrigatórios.',
    );
  });
});

describe('the messages under the fields', () => {
  it('names each empty required field in the cart-side wording', () => {
    expect(fieldMessages(emptyForm(''), true)).toEqual({
      nomePerfilEndereco: 'Nome do perfil é obrigatório',
      fullName: 'Nome completo é obrigatório',
      email: 'Email é obrigatório',
      cpf: 'CPF é obrigatório',
      phone: 'Telefone é obrigatório',
      cep: 'CEP é obrigatório',
      street: 'Endereço é obrigatório',
      number: 'Número é obrigatório',
      district: 'Bairro é obrigatório',
      city: 'Cidade é obrigatória',
      state: 'Estado é obrigatório',
    });
  });

  it('asks for the profile name only in the logged-in manual form', () => {
    expect(fieldMessages(filledForm(), false)).toEqual({});
    expect(fieldMessages(filledForm(), true)).toEqual({
      nomePerfilEndereco: 'Nome do perfil é obrigatório',
    });
  });

  it('marks filled but unacceptable values', () => {
    expect(
      fieldMessages(filledForm({ email: 'ana', cpf: '123.456.789-00', state: 'São Paulo' }), false),
    ).toEqual({ email: 'Email inválido', cpf: 'CPF inválido', state: 'Estado inválido' });
  });
});

describe("the server's totals in a 409 'Os valores do pedido mudaram…'", () => {
  it('reads them into centavos', () => {
    expect(
      totalsFromWire({
        error: 'Os valores do pedido mudaram. Confira o resumo e tente novamente.',
        totais: {
          subtotal: '249.70',
          subtotalComDesconto: '224.73',
          frete: '18.90',
          desconto: '24.97',
          total: '243.63',
        },
      }),
    ).toEqual({
      subtotal: 24970,
      subtotalComDesconto: 22473,
      descontoPix: 0,
      frete: 1890,
      desconto: 2497,
      total: 24363,
    });
  });

  it("reads the PIX discount of a PIX order's totals", () => {
    expect(
      totalsFromWire({
        totais: {
          subtotal: '129.90',
          subtotalComDesconto: '129.90',
          frete: '12.90',
          desconto: '0.00',
          descontoPix: '6.50',
          total: '136.30',
        },
      }),
    ).toMatchObject({ subtotalComDesconto: 12990, descontoPix: 650, total: 13630 });
  });

  it('fills a missing discount with 0 and the discounted subtotal from the others', () => {
    expect(totalsFromWire({ totais: { subtotal: 100, frete: '12.90', total: '112.90' } })).toEqual({
      subtotal: 10000,
      subtotalComDesconto: 10000,
      descontoPix: 0,
      frete: 1290,
      desconto: 0,
      total: 11290,
    });
  });

  it('answers null when the figures cannot be read', () => {
    expect(totalsFromWire(null)).toBeNull();
    expect(totalsFromWire('Os valores do pedido mudaram.')).toBeNull();
    expect(totalsFromWire({ error: 'Este pedido não aguarda pagamento.' })).toBeNull();
    expect(totalsFromWire({ totais: { subtotal: '100.00', frete: '12.90' } })).toBeNull();
    expect(
      totalsFromWire({ totais: { subtotal: '100.00', frete: 'grátis', total: '100.00' } }),
    ).toBeNull();
  });
});

describe('the bodies of api/pay/ and api/pagamento/', () => {
  const totals = {
    subtotal: 23970,
    subtotalComDesconto: 21573,
    descontoPix: 0,
    frete: 1290,
    desconto: 2397,
    total: 22863,
  };

  it("sends the cart's lines, the figures as decimal reais and the delivery CEP masked", () => {
    const body = buildPayBody(cartCheckoutState(), '01310100', totals, null, 'cartao');
    expect(body).toEqual({
      produtos: [
        {
          produto: { id: 3, name: 'Anel Solitário', price: '89.90', image: '/media/anel.webp' },
          name: 'Anel Solitário',
          price: '89.90',
          quantidade: 2,
        },
        {
          produto: { id: 7, name: 'Brinco Gota', price: '59.90', image: null },
          name: 'Brinco Gota',
          price: '59.90',
          quantidade: 1,
        },
      ],
      subtotal: '239.70',
      total: '228.63',
      frete: '12.90',
      cep: '01310-100',
      forma_pagamento: 'cartao',
    });
  });

  it('says PIX when she chose it, with the total she saw by PIX', () => {
    const pix = computeTotals({
      subtotal: 23970,
      desconto: 2397,
      frete: 1290,
      pixDiscountTenths: 50,
    });
    const body = buildPayBody(cartCheckoutState(), '01310-100', pix, null, 'pix');
    // 5 % of R$ 215,73 (the products after the coupon) is R$ 10,79; the freight keeps its price.
    expect(body).toMatchObject({ forma_pagamento: 'pix', total: '217.84', frete: '12.90' });
  });

  it("names the carrier's service she chose, and none when the table quoted", () => {
    const totals = computeTotals({ subtotal: 23970, desconto: 0, frete: 2990 });
    const state = cartCheckoutState();
    expect(buildPayBody(state, '01310-100', totals, null, 'cartao', 2)).toMatchObject({
      frete_servico: 2,
      frete: '29.90',
    });
    expect(buildPayBody(state, '01310-100', totals, null, 'cartao')).not.toHaveProperty(
      'frete_servico',
    );
  });

  it('sends an applied coupon with its discount', () => {
    const body = buildPayBody(
      cartCheckoutState(),
      '01310-100',
      totals,
      { code: 'BOASVINDAS', discountCents: 2397 },
      'cartao',
    );
    expect(body).toMatchObject({
      cupom: 'BOASVINDAS',
      cupom_validado: true,
      cupom_desconto: '23.97',
    });
  });

  it('sends the delivery data trimmed, the state upper-cased and the totals she saw', () => {
    const body = buildPagamentoBody({
      order: { reference: '100023', chave: 'segredo' },
      loggedIn: false,
      form: filledForm({ fullName: ' Ana Souza ', state: 'sp', complement: ' ap 12 ' }),
      quote: CART_QUOTE.quote,
      totals,
      coupon: { code: 'BOASVINDAS', discountCents: 2397 },
    });
    expect(body).toEqual({
      reference: '100023',
      chave: 'segredo',
      logged: false,
      shippingInfo: {
        cep: '01310-100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: 'ap 12',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        phone: PHONE,
        cpf: CPF,
        fullName: 'Ana Souza',
        email: 'ana@exemplo.com.br',
      },
      dadosFrete: { valor: '12.90', prazo: '3-5' },
      totais: {
        subtotal: '239.70',
        subtotalComDesconto: '215.73',
        frete: '12.90',
        desconto: '23.97',
        total: '228.63',
      },
    });
  });

  it('sends the PIX discount among the totals of a PIX order, as the summary shows it', () => {
    const body = buildPagamentoBody({
      order: { reference: '100023', chave: 'segredo' },
      loggedIn: false,
      form: filledForm(),
      quote: CART_QUOTE.quote,
      totals: computeTotals({ subtotal: 23970, frete: 1290, pixDiscountTenths: 50 }),
      coupon: null,
    });
    expect(body.totais).toEqual({
      subtotal: '239.70',
      subtotalComDesconto: '239.70',
      frete: '12.90',
      desconto: '0.00',
      descontoPix: '11.99',
      total: '240.61',
    });
  });

  it("sends a logged-in shopper's coupon as cupom_dados", () => {
    const body = buildPagamentoBody({
      order: { reference: '100023', chave: '' },
      loggedIn: true,
      form: filledForm(),
      quote: {
        valor: 0,
        prazo: '3-5',
        gratis: true,
        motivo_gratis: 'Compra acima de R$ 600,00',
        regiao: 'Sudeste',
        peso_total: 0.2,
      },
      totals,
      coupon: { code: 'BOASVINDAS', discountCents: 2397 },
    });
    expect(body.cupom_dados).toEqual({ codigo: 'BOASVINDAS', validado: true, desconto: '23.97' });
    expect(body.dadosFrete).toEqual({ valor: '0.00', prazo: '3-5' });
  });
});

describe("'Como você quer pagar?'", () => {
  const settings = DEFAULT_PAYMENT_SETTINGS; // 6x without interest of at least R$ 20,00; 5 % by PIX
  const withCoupon = { subtotal: 23970, desconto: 2397, frete: 1290 };

  it('shows one total per answer: PIX its total (its discount on the products after the coupon, freight included), the card its installments of the whole total', () => {
    const view = paymentChoiceView(
      computeTotals({ ...withCoupon, pixDiscountTenths: 50 }),
      computeTotals(withCoupon),
      settings,
    );
    expect(view).toEqual({
      pix: {
        // The products after the coupon, R$ 215,73, less 5 % (floor): R$ 204,94; plus R$ 12,90:
        // the one figure she pays by PIX, never the products' alone beside a second total.
        line: 'R$ 217,84 no PIX',
        badge: '5 % de desconto',
        note: 'Aprovação imediata',
      },
      cartao: {
        // R$ 228,63 (freight included) in 6.
        line: 'em até 6x de R$ 38,11 sem juros',
        note: 'Total de R$ 228,63',
      },
    });
  });

  it('pays a small total at once by card, and shows no badge without a PIX discount', () => {
    const small = computeTotals({ subtotal: 1990, frete: 1290 });
    const view = paymentChoiceView(small, small, { ...settings, pixDiscountTenths: 0 });
    expect(view.pix).toEqual({ line: 'R$ 32,80 no PIX', badge: null, note: 'Aprovação imediata' });
    expect(view.cartao).toEqual({ line: 'R$ 32,80 à vista', note: null });
  });

  it('writes half percents the Brazilian way', () => {
    const view = paymentChoiceView(
      computeTotals({ subtotal: 10000, pixDiscountTenths: 75 }),
      computeTotals({ subtotal: 10000 }),
      { ...settings, pixDiscountTenths: 75, interestFreeInstallments: 3 },
    );
    expect(view.pix).toMatchObject({ line: 'R$ 92,50 no PIX', badge: '7,5 % de desconto' });
    expect(view.cartao.line).toBe('em até 3x de R$ 33,33 sem juros');
  });

  it("chooses for her the owners' choice: PIX when they give a discount for it, the card otherwise", () => {
    expect(preferredPaymentMethod(settings)).toBe('pix');
    expect(preferredPaymentMethod({ ...settings, pixDiscountTenths: 0 })).toBe('cartao');
  });

  it("keeps the server's figures only for the CEP, coupon and method they were given for", () => {
    expect(totalsBasis('01310-100', 'BOASVINDAS', 'pix')).toBe(
      totalsBasis('01310100', 'BOASVINDAS', 'pix'),
    );
    expect(totalsBasis('01310-100', 'BOASVINDAS', 'pix')).not.toBe(
      totalsBasis('01310-100', 'BOASVINDAS', 'cartao'),
    );
  });
});

it('compares CEPs by their digits', () => {
  expect(sameCep('01310-100', '01310100')).toBe(true);
  expect(sameCep('01310-100', '01310-200')).toBe(false);
});
