/**
 * A cart as the shopper leaves it for /checkout, and the API's answers about it, shared by the
 * checkout's tests: two 'Anel Solitário' at R$ 89,90 and one 'Brinco Gota' at R$ 59,90
 * (R$ 239,70), quoted R$ 12,90 to 01310-100 (R$ 252,60 in all).
 */
import { buildCheckoutState, type CheckoutNavigationState } from '@/lib/cart/checkout-state';
import type { CartShippingQuote } from '@/lib/cart/shipping-quote';
import type { CartLineView } from '@/lib/cart/use-cart';
import type { AddressProfile } from '@/lib/addresses';

export const CART_LINES: CartLineView[] = [
  {
    productId: 3,
    name: 'Anel Solitário',
    priceCents: 8990,
    quantidade: 2,
    image: '/media/anel.webp',
    estoque: 5,
  },
  {
    productId: 7,
    name: 'Brinco Gota',
    priceCents: 5990,
    quantidade: 1,
    image: null,
    estoque: 2,
  },
];

export const CART_CEP = '01310-100';

/** The cart's quote as the drawer keeps it: R$ 12,90 to 01310-100 for its three pieces. */
export const CART_QUOTE: CartShippingQuote = {
  cep: CART_CEP,
  quote: {
    valor: 1290,
    prazo: '3-5',
    gratis: false,
    motivo_gratis: null,
    regiao: 'Sudeste',
    peso_total: 0.6,
  },
  quotedFor: { subtotalCents: 23970, itemCount: 3 },
  estimated: false,
};

export function cartCheckoutState(): CheckoutNavigationState {
  return buildCheckoutState(CART_LINES, CART_QUOTE);
}

/** POST /api/validar-cep/ for 01310-100 (docs/cart-contract.md). */
export const PAULISTA = {
  success: true,
  endereco: {
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    estado: 'SP',
  },
};

/** A valid CPF and phone, as the form masks them. */
export const CPF = '123.456.789-09';
export const PHONE = '(11) 98765-4321';

export function savedProfile(overrides: Partial<AddressProfile> = {}): AddressProfile {
  return {
    id: 11,
    nome_perfil: 'Casa',
    nome_completo: 'Ana Souza',
    email: 'ana@exemplo.com.br',
    cpf: '12345678909',
    telefone: '11987654321',
    cep: '01310100',
    endereco: 'Avenida Paulista',
    numero: '1000',
    complemento: 'ap 12',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    estado: 'SP',
    is_default: false,
    ...overrides,
  };
}
