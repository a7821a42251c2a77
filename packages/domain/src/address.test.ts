import { describe, expect, it } from 'vitest';
import {
  checkoutFormToProfile,
  validateAddressProfile,
  validateAddressProfilePayload,
  validateCheckout,
  type AddressProfileFields,
  type CheckoutForm,
  type CheckoutState,
} from './address';

const profile: AddressProfileFields = {
  nome_perfil: 'Casa',
  nome_completo: 'Ana Silva',
  email: 'ana@exemplo.com',
  cpf: '529.982.247-25',
  telefone: '(11) 98765-4321',
  cep: '01310-100',
  endereco: 'Avenida Paulista',
  numero: '1000',
  complemento: '',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'SP',
};

describe('validateAddressProfile', () => {
  const cart = { wording: 'cart', requireProfileName: false } as const;
  const account = { wording: 'account', requireProfileName: true } as const;

  it('a complete profile has no errors (complement optional)', () => {
    expect(validateAddressProfile(profile, account)).toEqual({});
  });

  it.each<[keyof AddressProfileFields, string]>([
    ['nome_completo', 'Nome completo é obrigatório'],
    ['cpf', 'CPF é obrigatório'],
    ['telefone', 'Telefone é obrigatório'],
    ['cep', 'CEP é obrigatório'],
    ['endereco', 'Endereço é obrigatório'],
    ['numero', 'Número é obrigatório'],
    ['bairro', 'Bairro é obrigatório'],
    ['cidade', 'Cidade é obrigatória'],
    ['estado', 'Estado é obrigatório'],
  ])('%s empty -> %s (both wordings)', (field, message) => {
    expect(validateAddressProfile({ ...profile, [field]: ' ' }, cart)).toEqual({
      [field]: message,
    });
    expect(validateAddressProfile({ ...profile, [field]: '' }, account)).toEqual({
      [field]: message,
    });
  });

  it.each([
    ['cart', '', 'Email é obrigatório'],
    ['cart', 'ana@', 'Email inválido'],
    ['account', '', 'E-mail é obrigatório'],
    ['account', 'ana@', 'E-mail inválido'],
  ] as const)('%s wording, e-mail %j -> %s', (wording, email, message) => {
    expect(
      validateAddressProfile({ ...profile, email }, { wording, requireProfileName: false }),
    ).toEqual({
      email: message,
    });
  });

  it("'Nome do perfil é obrigatório' only when the profile name is required", () => {
    expect(validateAddressProfile({ ...profile, nome_perfil: '' }, account)).toEqual({
      nome_perfil: 'Nome do perfil é obrigatório',
    });
    expect(validateAddressProfile({ ...profile, nome_perfil: '' }, cart)).toEqual({});
  });

  it('reports every missing field at once', () => {
    expect(Object.keys(validateAddressProfile({}, account))).toHaveLength(11);
  });
});

describe('validateCheckout: the first failing rule, in SPEC §5 order', () => {
  const form: CheckoutForm = {
    cep: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    phone: '(11) 98765-4321',
    cpf: '529.982.247-25',
    fullName: 'Ana Silva',
    email: 'ana@exemplo.com',
    cupom: '',
    nomePerfilEndereco: 'Casa',
  };
  const ok: CheckoutState = {
    form,
    loggedIn: true,
    manualMode: true,
    cepValidated: true,
    hasCartData: true,
    couponStatus: 'unvalidated',
  };

  it('passes when everything is in place', () => {
    expect(validateCheckout(ok)).toBeNull();
  });

  it.each<[string, Partial<CheckoutState>, Partial<CheckoutForm>, string]>([
    [
      'profile name (logged-in manual mode)',
      {},
      { nomePerfilEndereco: '' },
      'Por favor, digite um nome para o perfil de endereço (ex: Casa, Trabalho).',
    ],
    [
      'required field',
      {},
      { number: '' },
      'Por favor, complete todos os dados de entrega obrigatórios.',
    ],
    [
      'guest required field',
      { loggedIn: false, manualMode: false },
      { email: ' ' },
      'Por favor, complete todos os dados de entrega obrigatórios.',
    ],
    [
      'CEP not validated',
      { cepValidated: false },
      {},
      'CEP inválido ou não encontrado. Verifique e tente novamente.',
    ],
    [
      'no cart data',
      { hasCartData: false },
      {},
      'Dados do carrinho não encontrados. Retorne ao carrinho e tente novamente.',
    ],
    [
      'coupon typed, not validated',
      {},
      { cupom: 'BOASVINDAS' },
      'Aguarde a validação do cupom ou remova-o para continuar.',
    ],
    [
      'coupon validating',
      { couponStatus: 'validating' },
      { cupom: 'BOASVINDAS' },
      'Aguarde a validação do cupom ou remova-o para continuar.',
    ],
    [
      'coupon invalid',
      { couponStatus: 'invalid' },
      { cupom: 'XYZ' },
      'Aguarde a validação do cupom ou remova-o para continuar.',
    ],
  ])('%s', (_name, state, change, message) => {
    expect(validateCheckout({ ...ok, ...state, form: { ...form, ...change } })).toBe(message);
  });

  it.each<[string, Partial<CheckoutState>, Partial<CheckoutForm>]>([
    ['saved-address mode needs no profile name', { manualMode: false }, { nomePerfilEndereco: '' }],
    ['guests need no profile name', { loggedIn: false }, { nomePerfilEndereco: '' }],
    ['complement is optional', {}, { complement: '' }],
    ['a valid coupon passes', { couponStatus: 'valid' }, { cupom: 'BOASVINDAS' }],
    ['guests are not blocked by a coupon text', { loggedIn: false }, { cupom: 'BOASVINDAS' }],
  ])('%s', (_name, state, change) => {
    expect(validateCheckout({ ...ok, ...state, form: { ...form, ...change } })).toBeNull();
  });

  it('checkoutFormToProfile maps the form to a non-default profile body', () => {
    expect(checkoutFormToProfile(form)).toEqual({
      ...profile,
      is_default: false,
    });
  });
});

describe('validateAddressProfilePayload (server)', () => {
  it('normalizes a valid body', () => {
    const result = validateAddressProfilePayload({
      ...profile,
      email: 'Ana@Exemplo.com',
      estado: 'sp',
      is_default: true,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        ...profile,
        email: 'ana@exemplo.com',
        cpf: '52998224725',
        telefone: '11987654321',
        cep: '01310100',
        is_default: true,
      },
    });
  });

  it('complement and is_default are optional', () => {
    const { complemento: _c, ...rest } = profile;
    const result = validateAddressProfilePayload(rest);
    expect(result.ok && result.value.complemento).toBe('');
    expect(result.ok && result.value.is_default).toBe(false);
    expect(validateAddressProfilePayload({ ...profile, complemento: null }).ok).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['nome_perfil', '', 'Nome do perfil é obrigatório'],
    ['nome_perfil', undefined, 'Nome do perfil é obrigatório'],
    ['nome_completo', '', 'Nome completo é obrigatório'],
    ['email', '', 'E-mail é obrigatório'],
    ['email', 'ana@', 'E-mail inválido'],
    ['cpf', '', 'CPF é obrigatório'],
    ['cpf', '529.982.247-24', 'CPF inválido'],
    ['telefone', '', 'Telefone é obrigatório'],
    ['telefone', '1198', 'Telefone inválido'],
    ['cep', '', 'CEP é obrigatório'],
    ['cep', '0131', 'CEP inválido'],
    ['endereco', '', 'Endereço é obrigatório'],
    ['numero', '', 'Número é obrigatório'],
    ['bairro', '', 'Bairro é obrigatório'],
    ['cidade', '', 'Cidade é obrigatória'],
    ['estado', '', 'Estado é obrigatório'],
    ['estado', 'XX', 'Estado inválido'],
    ['nome_perfil', 'x'.repeat(51), 'Texto muito longo'],
  ])('%s = %j -> [%s]', (field, value, message) => {
    expect(validateAddressProfilePayload({ ...profile, [field]: value })).toEqual({
      ok: false,
      errors: { [field]: [message] },
    });
  });

  it('a body that is not an object answers under "_"', () => {
    expect(validateAddressProfilePayload('x')).toEqual({
      ok: false,
      errors: { _: ['Dados do endereço inválidos'] },
    });
  });
});
