/**
 * The store's texts that no rules module keeps, grouped by subject, and every "server answer ->
 * message" rule as a pure function of a normalized outcome:
 *
 *   { kind: 'response', status, data }  the server answered (any status; data is the JSON body)
 *   { kind: 'no-response' }             sent, but no answer (network down, timeout)
 *   { kind: 'other' }                   never sent (a bug or a setup error in the client)
 *
 * The web app builds the outcome from its HTTP client's error; nothing here does I/O. The texts
 * come from the SPEC (§8's error catalogue, §2, §5) and are kept exactly as it writes them,
 * accents and ellipses included, so the web app and the API share one copy.
 *
 * WHERE THE DOMAIN'S TEXTS LIVE (this is the one index; add a line when a module gains texts)
 *
 * Here, one section per subject, in this order: reading a server answer; any API call; catalog;
 * cart; shipping and CEP; coupons; checkout; payment; orders; accounts (login, registration,
 * e-mail verification, forgotten and reset password); address profiles; back office (the admin
 * API's refusals, the payment settings); the demonstration store.
 *
 * Beside their rules, in their own module:
 *   catalog.ts           the categories and their pages' texts, the page counter
 *   shipping.ts          the free-shipping reason, the fallback quote's label (re-exported here)
 *   variations.ts        sizes: their labels, 'choose a size', the size guide
 *   payment-terms.ts     'em até Nx de R$ Y sem juros' and 'R$ Z no PIX' (the settings form's
 *                        refusals are here, under Back office, Pagamentos)
 *   orders.ts            order status labels and colours, the unpaid-order note
 *   dates.ts             pt-BR dates and their 'Data não disponível' / 'Data inválida'
 *   registration.ts      the sign-up form's checks (password.ts: its checklist and the reset form)
 *   userInfo.ts          the account's info tab
 *   address.ts           the address form's field messages (both wordings), the checkout's checks
 *   states.ts            the Brazilian states' names
 *   favourites.ts        favourites: the heart, the header, the Favoritos tab, the API
 *   stock-alerts.ts      'Avise-me quando chegar': the form and POST /api/avise-me/
 *   marketing.ts         marketing consent, the forgotten-cart e-mail, unsubscribing
 *   store-info.ts        the store's own name, address and contacts
 *   admin.ts             the back office's shell, stock reasons, test orders, environment, backups
 *   product-form.ts      the back office's product form and pictures
 *   coupon-form.ts       the back office's coupon form and its coupons' status
 *   stock-adjustment.ts  the back office's stock adjustment
 *   tracking-code.ts     the Correios tracking code of a shipped order
 *   second-factor.ts     the owners' second factor
 *   store-health.ts      'Saúde da loja': each item's words and what to do
 */
import { MAX_ADDRESS_PROFILES } from './address-limits';
import { CEP_DIGITS, cepDigits } from './cep';
import { isValidEmail } from './email';
import { formatBRL, toCents, type Cents } from './money';
import { ORDER_STATUS_CODES, orderStatusText, type OrderStatusCode } from './orders';
import { isCartQuoteStale, SHIPPING_FALLBACK_LABEL, type QuotedCart } from './shipping';

// =================================================================================================
// Reading a server answer: the outcome, the body's fields, a lost connection.
// =================================================================================================

export type Outcome =
  | { kind: 'response'; status: number; data?: unknown }
  | { kind: 'no-response' }
  | { kind: 'other' };

// A plain boolean, not a type guard: a false answer must not narrow away 'response'.
const isOk = (o: Outcome): boolean => o.kind === 'response' && o.status >= 200 && o.status < 300;

function field(data: unknown, key: string): unknown {
  return data !== null && typeof data === 'object'
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The first message of an `errors: {field: [messages]}` body, with its field. */
function firstFieldError(data: unknown): { field: string; message: string } | undefined {
  const errors = field(data, 'errors');
  if (errors === null || typeof errors !== 'object') return undefined;
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    const message = Array.isArray(value) ? value.map(text).find(Boolean) : text(value);
    if (message) return { field: name, message };
  }
  return undefined;
}

/** Every field's first message: `{field: [messages]}` (or `{field: message}`) -> `{field: message}`. */
export function serverFieldErrors(data: unknown): Record<string, string> {
  const errors = field(data, 'errors');
  const out: Record<string, string> = {};
  if (errors === null || typeof errors !== 'object') return out;
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    const message = Array.isArray(value) ? value.map(text).find(Boolean) : text(value);
    if (message) out[name] = message;
  }
  return out;
}

/** The server's own words: `message`, else `error`, else `detail` (the SPEC's client reads these). */
export function serverMessage(data: unknown): string | undefined {
  return text(field(data, 'message')) ?? text(field(data, 'error')) ?? text(field(data, 'detail'));
}

/** Shared by several flows. */
export const CONNECTION_ERROR = 'Erro de conexão. Verifique sua internet e tente novamente.';

// =================================================================================================
// Any API call: the error handler's and the edge's texts, whatever the route.
// =================================================================================================

/** A 500: anything unexpected (what went wrong goes to the log only). */
export const INTERNAL_ERROR_MESSAGE = 'Erro interno do servidor.';
/** A 404 of a path that names nothing (no route, no file, no picture). */
export const NOT_FOUND_MESSAGE = 'Recurso não encontrado.';
/** A 400 without a better word: a body that does not parse, a request that breaks no one rule. */
export const REQUEST_INVALID = 'Requisição inválida.';

/** The client errors Fastify raises by itself (bad JSON, wrong content type...), by status. */
export const CLIENT_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: REQUEST_INVALID,
  401: 'Não autenticado.',
  403: 'Acesso negado.',
  404: NOT_FOUND_MESSAGE,
  405: 'Método não permitido.',
  406: 'Formato de resposta não suportado.',
  408: 'A requisição demorou demais.',
  413: 'Requisição grande demais.',
  414: 'Endereço grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições. Tente novamente em instantes.',
};

/** A schema's 400: a key the call does not take. */
export const PARAMETER_NOT_RECOGNIZED = 'Parâmetro não reconhecido.';
/** A schema's 400: a value refused by a rule that has no text of its own. */
export const VALUE_INVALID = 'Valor inválido.';
/** Before ': ' and the field messages in a schema's 400 about the body. */
export const BODY_INVALID_LEAD = 'Dados inválidos';
/** Before ': ' and the field messages in a schema's 400 about the path or the query. */
export const PARAMS_INVALID_LEAD = 'Parâmetros inválidos';

/** A request with a control character where none may be (lib/hostile-input.ts). */
export const CONTROL_CHARACTERS_REFUSED =
  'Requisição inválida: caracteres de controle não são aceitos.';
/** A request with a lone UTF-16 surrogate (lib/hostile-input.ts). */
export const BROKEN_TEXT_REFUSED = 'Requisição inválida: texto com codificação inválida.';

// =================================================================================================
// Catalog: search, listing parameters, a product or a category that is not there.
// =================================================================================================

/** The empty state: 'Nenhuma joia encontrada para "{text}"'. */
export function searchEmptyText(query: string): string {
  return `Nenhuma joia encontrada para "${query}"`;
}

export const CATALOG_OFFSET_INVALID =
  'O deslocamento (offset) deve ser um número inteiro maior ou igual a zero.';
export const SEARCH_NOT_TEXT = 'A busca deve ser um texto.';

export function catalogLimitInvalidMessage(max: number): string {
  return `O limite deve ser um número inteiro entre 1 e ${max}.`;
}

/** A search over `max` characters: the catalog's, and the back office's Produtos and Pedidos. */
export function searchTooLongMessage(max: number): string {
  return `A busca deve ter no máximo ${max} caracteres.`;
}

/** A product id that names no product (or a hidden one) in the catalog, the cart, the checkout. */
export const PRODUCT_NOT_FOUND = 'Produto não encontrado.';
/** A category page (produtos/{categoria}/) for a name that is none of the store's categories. */
export const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';
/** A product id that is not a positive whole number (the cart's calls, api/pay, the back office). */
export const PRODUCT_ID_INVALID = 'O id do produto deve ser um número inteiro positivo.';

// =================================================================================================
// Cart: the cart page and drawer, its payment button, the server cart's refusals.
// =================================================================================================

export const CART_EMPTY_TEXT = 'O carrinho está vazio.';
export const CART_REMOVE_CONFIRM = 'Deseja realmente remover esse item do carrinho?';
export const CART_ADDED_POPUP = 'Produto adicionado ao carrinho com sucesso!';
export const CART_ADD_ERROR = 'Erro ao adicionar produto ao carrinho. Tente novamente.';

/** The toast variant: '{product name} adicionado ao carrinho!'. */
export function cartAddedToast(productName: string): string {
  return `${productName} adicionado ao carrinho!`;
}

/** A quantity change the server refused or never answered: the cart is reloaded (SPEC §7). */
export const CART_UPDATE_ERROR = 'Não foi possível atualizar o carrinho. Tente novamente.';

export const CART_IS_EMPTY = 'Seu carrinho está vazio.';
export const CART_SHIPPING_NOT_CALCULATED =
  'Por favor, calcule o frete antes de prosseguir com o pagamento.';
export const CART_VALUE_CHANGED =
  'O valor do carrinho foi alterado. Por favor, recalcule o frete antes de prosseguir.';

/**
 * The cart's payment button checks (SPEC §5), in order; null when checkout may open.
 * `quoted` is what the current quote was computed for (null: no quote).
 */
export function cartPaymentBlocker(input: {
  lineCount: number;
  quoted: QuotedCart | null;
  current: QuotedCart;
}): string | null {
  if (input.lineCount === 0) return CART_IS_EMPTY;
  if (input.quoted === null) return CART_SHIPPING_NOT_CALCULATED;
  if (isCartQuoteStale(input.quoted, input.current)) return CART_VALUE_CHANGED;
  return null;
}

/** The server cart's refusals (docs/cart-contract.md). */
export const CART_OUT_OF_STOCK = 'Produto sem estoque no momento.';
export const CART_ALREADY_AT_STOCK =
  'Você já tem no carrinho todas as unidades disponíveis deste produto.';
export const CART_QUANTITY_INVALID = 'Quantidade inválida.';
export const CART_ITEM_NOT_IN_CART = 'Produto não está no carrinho.';

/** The cart merge's `Idempotency-Key` header, empty or over `maxLength` characters. */
export function cartMergeKeyInvalidMessage(maxLength: number): string {
  return `O Idempotency-Key deve ter de 1 a ${maxLength} caracteres.`;
}

// =================================================================================================
// Shipping and CEP: the quote, the postal-code lookup, POST api/calcular-frete/.
// =================================================================================================

export const SHIPPING_ERROR = 'Erro ao calcular frete. Tente novamente.';
export { SHIPPING_FALLBACK_LABEL };
export const CEP_NOT_FOUND = 'CEP não encontrado';
export const CEP_LOOKUP_ERROR = 'Erro ao validar CEP';
export const CEP_ENTER_VALID = 'Por favor, insira um CEP válido';
export const CEP_DOES_NOT_EXIST = 'CEP inválido. Verifique se o CEP existe.';

/** The postal-code lookup's two failures (address forms and cart). */
export function cepLookupMessage(result: 'not-found' | 'failed'): string {
  return result === 'not-found' ? CEP_NOT_FOUND : CEP_LOOKUP_ERROR;
}

/**
 * The cart calculator's check before quoting: a CEP of 8 digits, then one the lookup found
 * (`cepExists` null while unknown: not yet looked up, so not blocked).
 */
export function cartShippingCepBlocker(cep: string, cepExists: boolean | null): string | null {
  if (cepDigits(cep).length !== CEP_DIGITS) return CEP_ENTER_VALID;
  if (cepExists === false) return CEP_DOES_NOT_EXIST;
  return null;
}

/** The 400s of POST api/calcular-frete/, beside CEP_ENTER_VALID. */
export const SHIPPING_TOTAL_INVALID = 'Valor total inválido.';
export const SHIPPING_ITEM_COUNT_INVALID = 'Quantidade de itens inválida (de 1 a 999).';

// =================================================================================================
// Coupons: applying one in the cart, and the API's refusals.
// =================================================================================================

export const COUPON_APPLIED = 'Cupom aplicado com sucesso!';
export const COUPON_INVALID = 'Cupom inválido ou expirado.';
export const COUPON_FAILED = 'Erro ao validar cupom. Tente novamente.';
export const COUPON_POPUP_SUCCESS_TITLE = 'Cupom Aplicado!';
export const COUPON_POPUP_FAILURE_TITLE = 'Cupom Inválido';
/** The API's refusals of a coupon (POST api/validar-cupom/, api/pay). */
export const COUPON_CODE_REQUIRED = 'Informe o código do cupom.';
export const COUPON_EXPIRED = 'Cupom expirado.';
export const COUPON_FIRST_PURCHASE_ONLY = 'Este cupom é válido apenas para a primeira compra.';

export function couponMinimumMessage(minCents: Cents): string {
  return `Este cupom exige um pedido mínimo de ${formatBRL(minCents)}.`;
}

export interface CouponResult {
  success: boolean;
  /** Centavos; 0 unless success. */
  desconto: Cents;
  message: string;
}

/**
 * POST /api/validar-cupom/ {success, desconto, message}. The server's message is preferred;
 * otherwise: success 'Cupom aplicado com sucesso!', refused (success false, or a 4xx) 'Cupom
 * inválido ou expirado.', server error or no answer 'Erro ao validar cupom. Tente novamente.'.
 * `desconto` is read as the API's decimal reais ("12.35") and returned in centavos.
 */
export function couponResult(outcome: Outcome): CouponResult {
  if (outcome.kind !== 'response') return { success: false, desconto: 0, message: COUPON_FAILED };
  const message = serverMessage(outcome.data);
  if (isOk(outcome) && field(outcome.data, 'success') === true) {
    const raw = field(outcome.data, 'desconto');
    const desconto = typeof raw === 'string' || typeof raw === 'number' ? (toCents(raw) ?? 0) : 0;
    return { success: true, desconto: Math.max(0, desconto), message: message ?? COUPON_APPLIED };
  }
  const refused = isOk(outcome) || (outcome.status >= 400 && outcome.status < 500);
  return {
    success: false,
    desconto: 0,
    message: message ?? (refused ? COUPON_INVALID : COUPON_FAILED),
  };
}

// =================================================================================================
// Checkout: the page, and the refusals of api/pay and api/pagamento.
// =================================================================================================

export const CHECKOUT_CART_NOT_FOUND = 'Dados do carrinho não encontrados';
export const CHECKOUT_FAILED = 'Erro ao processar checkout. Tente novamente.';
export const CHECKOUT_ERROR_BOX_TITLE = 'Ops! Algo deu errado';

/** Checkout navigation failure: 'Erro: {server error}' or the generic text. */
export function checkoutNavigationError(serverError?: string | null): string {
  const error = text(serverError);
  return error ? `Erro: ${error}` : CHECKOUT_FAILED;
}

/** api/pay: the CEP the order is quoted for is missing or not 8 digits. */
export const CHECKOUT_CEP_INVALID = 'CEP inválido.';
/** api/pay: a guest's cart over the limit of different products. */
export const CHECKOUT_TOO_MANY_LINES = 'O carrinho pode ter no máximo 50 produtos diferentes.';
/** api/pagamento: no usable `reference` (or a body that is not an object). */
export const CHECKOUT_REFERENCE_REQUIRED = 'Informe a referência do pedido.';
/** api/pagamento: the delivery address breaks a rule (the fields say which). */
export const CHECKOUT_SHIPPING_INFO_INVALID = 'Dados de entrega inválidos.';
/** api/pay or api/pagamento: the page's figures are not the server's (its new totals follow). */
export const CHECKOUT_TOTALS_CHANGED =
  'Os valores do pedido mudaram. Confira o resumo e tente novamente.';

/** api/pay: a line asks for more units than the shelf has. */
export function outOfStockMessage(name: string, available: number): string {
  return `O produto "${name}" não tem estoque suficiente (disponível: ${Math.max(0, available)}).`;
}

/** api/pay: a product the owners hid after she put it in her cart. */
export function productUnavailableMessage(name: string): string {
  return `O produto "${name}" não está mais à venda. Remova-o do carrinho para continuar.`;
}

/** api/pay, api/pagamento: the same `Idempotency-Key` sent with another request. */
export const IDEMPOTENCY_KEY_REUSED = 'Esta chave de idempotência já foi usada em outro pedido.';
/** api/pay, api/pagamento: its twin with the same `Idempotency-Key` has not answered yet. */
export const IDEMPOTENCY_IN_PROGRESS =
  'Este pedido ainda está sendo processado. Tente novamente em instantes.';

/** api/pay, api/pagamento: an `Idempotency-Key` empty, too long or with other than printable ASCII. */
export function idempotencyKeyInvalidMessage(maxLength: number): string {
  return `O Idempotency-Key deve ter de 1 a ${maxLength} caracteres imprimíveis.`;
}

// =================================================================================================
// Payment: PIX or card, the payment's failures, the payment link of an order.
// =================================================================================================

/** The checkout's question, before she leaves for the provider's page. */
export const PAYMENT_CHOICE_TITLE = 'Como você quer pagar?';
/** Its two answers (api/pay's `forma_pagamento`), as the checkout and her orders name them. */
export const PAYMENT_METHOD_LABELS = { pix: 'PIX', cartao: 'Cartão de crédito' } as const;
/** 'Ir para o pagamento' with no answer chosen. */
export const PAYMENT_METHOD_REQUIRED = 'Escolha como você quer pagar.';
/** The PIX discount's line in an order's totals (the checkout, the return page, 'Meus Pedidos'). */
export const PIX_DISCOUNT_LABEL = 'Desconto PIX';
/** The checkout summary's total once PIX is chosen (its discount taken off). */
export const PIX_TOTAL_LABEL = 'Total no PIX';
/** What PIX adds beside its price at checkout. */
export const PIX_INSTANT_NOTE = 'Aprovação imediata';

/** A PIX discount in tenths of a percent the Brazilian way: 50 -> '5 %', 75 -> '7,5 %'. */
export function pixPercentLabel(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return `${rest === 0 ? whole : `${whole},${rest}`} %`;
}

/** The PIX answer's badge: '5 % de desconto'. */
export function pixDiscountBadge(tenths: number): string {
  return `${pixPercentLabel(tenths)} de desconto`;
}

/** What she pays by PIX, freight included: 'R$ 130,30 no PIX'. */
export function pixTotalLine(totalCents: Cents): string {
  return `${formatBRL(totalCents)} no PIX`;
}

/** Under PIX's price of the products, what she pays with the freight: 'Total de R$ 130,30 · Aprovação imediata'. */
export function pixTotalNote(totalCents: Cents): string {
  return `Total de ${formatBRL(totalCents)} · ${PIX_INSTANT_NOTE}`;
}

/** Under the card's installments, what they add up to: 'Total de R$ 136,80'. */
export function cardTotalNote(totalCents: Cents): string {
  return `Total de ${formatBRL(totalCents)}`;
}

/** The card's line for a total too small to split: 'R$ 35,90 à vista'. */
export function cardSinglePaymentLine(totalCents: Cents): string {
  return `${formatBRL(totalCents)} à vista`;
}

/** api/pay: a `forma_pagamento` other than 'pix' or 'cartao'. */
export const PAYMENT_METHOD_INVALID = 'Forma de pagamento inválida.';

export const PAYMENT_STOCK_MARKER = 'não tem estoque suficiente';
export const PAYMENT_COUPON_USED = 'Este cupom já foi utilizado anteriormente.';
export const PAYMENT_COUPON_INVALID = 'O cupom informado não existe ou é inválido.';
export const PAYMENT_COUPON_NOT_YOURS =
  'Você não tem acesso a este cupom. Verifique se está logado corretamente.';
export const PAYMENT_FAILED = 'Ocorreu um erro ao processar o pagamento. Tente novamente.';

/** The server's coupon texts (SPEC §8) -> what the shopper reads. */
export const PAYMENT_SERVER_COUPON_USED = 'Cupom já utilizado.';
export const PAYMENT_SERVER_COUPON_INVALID = 'Cupom inválido.';
export const PAYMENT_SERVER_COUPON_NOT_YOURS = 'Cupom não associado ao usuário.';

const PAYMENT_MAPPINGS: Record<string, string> = {
  [PAYMENT_SERVER_COUPON_USED]: PAYMENT_COUPON_USED,
  [PAYMENT_SERVER_COUPON_INVALID]: PAYMENT_COUPON_INVALID,
  [PAYMENT_SERVER_COUPON_NOT_YOURS]: PAYMENT_COUPON_NOT_YOURS,
};

/** A failed api/pay/ or api/pagamento/ (server `message` or `error`). */
export function paymentErrorMessage(outcome: Outcome): string {
  if (outcome.kind === 'no-response') return CONNECTION_ERROR;
  if (outcome.kind === 'other') return PAYMENT_FAILED;
  const message = text(field(outcome.data, 'message')) ?? text(field(outcome.data, 'error'));
  if (!message) return PAYMENT_FAILED;
  if (message.includes(PAYMENT_STOCK_MARKER)) return message;
  return PAYMENT_MAPPINGS[message.trim()] ?? message;
}

/** The payment provider could not be asked for a checkout (api/pagamento, payment-status). */
export const PAYMENT_START_FAILED =
  'Não foi possível iniciar o pagamento. Tente novamente em instantes.';
/** A payment notification that does not verify (POST api/webhooks/{provider}/). */
export const PAYMENT_NOTIFICATION_INVALID_SIGNATURE = 'Assinatura inválida.';

export const PAYMENT_LINK_UNAVAILABLE =
  'Link de pagamento não disponível no momento. Entre em contato conosco se precisar de ajuda.';
export const PAYMENT_LINK_FAILED = 'Erro ao buscar link de pagamento. Tente novamente mais tarde.';

/** GET /api/payment-status/{reference}/: the link to open, or the message to show. */
export function paymentLinkResult(outcome: Outcome): { url: string } | { message: string } {
  if (outcome.kind === 'response' && isOk(outcome)) {
    const url = text(field(outcome.data, 'payment_link'));
    return url ? { url } : { message: PAYMENT_LINK_UNAVAILABLE };
  }
  // 404: the server has no link for this order, which is "not available", not a failure.
  if (outcome.kind === 'response' && outcome.status === 404)
    return { message: PAYMENT_LINK_UNAVAILABLE };
  return { message: PAYMENT_LINK_FAILED };
}

// =================================================================================================
// Orders: one she may not see, or may not pay.
// =================================================================================================

/** An order she may not see, or that does not exist: the same answer, so none is revealed. */
export const ORDER_NOT_FOUND = 'Pedido não encontrado.';
/** Paying an order that is paid, cancelled or otherwise past waiting for its payment. */
export const ORDER_NOT_AWAITING_PAYMENT = 'Este pedido não aguarda pagamento.';

// =================================================================================================
// Accounts: login, registration, e-mail verification, forgotten and reset password.
// =================================================================================================

// Login
export const LOGIN_ERROR_TITLE = 'Ocorreu um erro:';
export const LOGIN_INVALID_CREDENTIALS = 'Credenciais incorretas.';
export const LOGIN_SUCCESS = 'Login efetuado com sucesso!';
export const USER_ENTRY_LOGGED_OUT = 'Entre ou Cadastre-se!';
export const USER_ENTRY_LOGGED_IN = 'Veja seus pedidos!';

/** The 403 code of POST api/token/ for an account whose e-mail is not verified yet. */
export const LOGIN_EMAIL_NOT_VERIFIED_CODE = 'email_not_verified';
/** The API's `error` with that code (docs/auth-contract.md); the drawer shows it as is. */
export const LOGIN_EMAIL_NOT_VERIFIED =
  'E-mail ainda não verificado. Verifique sua caixa de entrada ou solicite um novo e-mail de verificação.';
/** The API's 429 on login, sign-up, resend and forgot password (docs/auth-contract.md). */
export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
/** The API's answer to a bad, expired or used token (session, verification, reset). */
export const TOKEN_INVALID_OR_EXPIRED = 'Token inválido ou expirado.';

/**
 * A failed POST api/token/. Wrong credentials (and anything unexpected) read 'Credenciais
 * incorretas.' (SPEC §8); an unverified account and the rate limit show the server's own words
 * (the drawer then offers the resend page); no answer at all is a connection error.
 */
export function loginErrorMessage(outcome: Outcome): {
  message: string;
  emailNotVerified: boolean;
} {
  if (outcome.kind === 'no-response') return { message: CONNECTION_ERROR, emailNotVerified: false };
  if (outcome.kind !== 'response')
    return { message: LOGIN_INVALID_CREDENTIALS, emailNotVerified: false };
  const server = serverMessage(outcome.data);
  if (outcome.status === 403 && field(outcome.data, 'code') === LOGIN_EMAIL_NOT_VERIFIED_CODE)
    return {
      message: text(field(outcome.data, 'error')) ?? server ?? LOGIN_INVALID_CREDENTIALS,
      emailNotVerified: true,
    };
  if (outcome.status === 429 && server) return { message: server, emailNotVerified: false };
  return { message: LOGIN_INVALID_CREDENTIALS, emailNotVerified: false };
}

// Registration
export const REGISTRATION_EMAIL_TAKEN =
  'Este email já está cadastrado. Tente fazer login ou use outro email.';
export const REGISTRATION_CPF_TAKEN =
  'Este CPF já está cadastrado no sistema. Verifique se você já possui conta ou entre em contato conosco.';
/** Kept exactly as the SPEC writes it, ellipsis included. */
export const REGISTRATION_DUPLICATE_DATA = 'Dados duplicados encontrados...';
/** Kept exactly as the SPEC writes it, ellipsis included. */
export const REGISTRATION_CONFLICT = 'Já existe uma conta com esses dados (email, CPF ou nome)...';
export const REGISTRATION_BAD_REQUEST =
  'Dados informados são inválidos. Verifique todos os campos e tente novamente.';
export const REGISTRATION_SERVER_ERROR =
  'Erro interno do servidor. Tente novamente em alguns minutos.';
export const REGISTRATION_UNEXPECTED = 'Erro inesperado. Tente novamente.';
export const REGISTRATION_FAILED = 'Erro ao cadastrar usuário. Por favor, tente novamente.';
export const REGISTRATION_SUCCESS =
  'Cadastro realizado com sucesso, verifique seu email para logar.';
/** The account exists but the verification e-mail could not be sent. */
export const ACCOUNT_CREATED_BUT_PREFIX = 'Conta criada com sucesso, mas';
/** The API's text for that case (it starts with the prefix above). */
export const ACCOUNT_CREATED_EMAIL_NOT_SENT =
  'Conta criada com sucesso, mas não foi possível enviar o email de verificação. Solicite um novo email de verificação.';

const TAKEN =
  /(j[áa] (est[áa] |foi |se encontra )?(cadastrad|registrad|existe|em uso|utilizad|usad)|already|exists|unique|duplicad|duplicate|em uso|in use)/i;

/** Maps a server message about a duplicate e-mail or CPF to the SPEC's texts; else undefined. */
function duplicateMessage(message: string): string | undefined {
  if (!TAKEN.test(message)) return undefined;
  if (/e-?mail/i.test(message)) return REGISTRATION_EMAIL_TAKEN;
  if (/cpf/i.test(message)) return REGISTRATION_CPF_TAKEN;
  return REGISTRATION_DUPLICATE_DATA;
}

/**
 * A failed POST /api/users/. A server message wins (duplicates of e-mail or CPF become the
 * SPEC's texts, anything else is shown as is); without one the status decides.
 */
export function registrationErrorMessage(outcome: Outcome): string {
  if (outcome.kind === 'no-response') return CONNECTION_ERROR;
  if (outcome.kind === 'other') return REGISTRATION_FAILED;
  const message = serverMessage(outcome.data) ?? firstFieldError(outcome.data)?.message;
  if (message) return duplicateMessage(message) ?? message;
  if (outcome.status === 409) return REGISTRATION_CONFLICT;
  if (outcome.status === 400) return REGISTRATION_BAD_REQUEST;
  if (outcome.status === 500) return REGISTRATION_SERVER_ERROR;
  return REGISTRATION_UNEXPECTED;
}

/**
 * A successful POST /api/users/: the SPEC's success text, unless the server says the account was
 * created but the verification e-mail was not sent ('Conta criada com sucesso, mas ...').
 */
export function registrationSuccessMessage(data: unknown): {
  message: string;
  verificationEmailSent: boolean;
} {
  const message = serverMessage(data);
  if (message?.startsWith(ACCOUNT_CREATED_BUT_PREFIX))
    return { message, verificationEmailSent: false };
  return { message: REGISTRATION_SUCCESS, verificationEmailSent: true };
}

// E-mail verification
export const VERIFY_API_CONNECTION_ERROR = 'Erro de conexão. Tente novamente mais tarde.';
export const VERIFY_API_TOKEN_INVALID =
  'Token inválido ou expirado. Solicite um novo email de verificação.';
export const VERIFY_API_UNEXPECTED = 'Erro inesperado no servidor. Tente novamente mais tarde.';

export const VERIFY_SUCCESS = 'Email verificado com sucesso! Sua conta foi ativada.';
export const VERIFY_ALREADY_VERIFIED =
  'Sua conta já estava ativa! Você pode fazer login normalmente.';
export const VERIFY_USER_NOT_FOUND = 'Usuário não encontrado. Verifique se sua conta ainda existe.';
export const VERIFY_LINK_INVALID =
  'O link de verificação expirou ou é inválido. Solicite um novo email de verificação.';
export const VERIFY_UNKNOWN_STATUS = 'Erro inesperado na verificação. Tente novamente mais tarde.';
export const VERIFY_NO_PARAMETERS = 'Link de verificação inválido ou incompleto.';

/** A failed POST /api/verify_email/ (SPEC §8 "Verification API"; 404 uses the page's text). */
export function verifyEmailErrorMessage(outcome: Outcome): string {
  if (outcome.kind !== 'response') return VERIFY_API_CONNECTION_ERROR;
  if (outcome.status === 404) return VERIFY_USER_NOT_FOUND;
  if (outcome.status === 400) return VERIFY_API_TOKEN_INVALID;
  return VERIFY_API_UNEXPECTED;
}

export type VerifyStatus = 'success' | 'already_verified' | 'user_not_found' | 'invalid_token';

/** The status query values the server redirects with (SPEC §4). */
export const VERIFY_STATUS_MESSAGES: Record<VerifyStatus, string> = {
  success: VERIFY_SUCCESS,
  already_verified: VERIFY_ALREADY_VERIFIED,
  user_not_found: VERIFY_USER_NOT_FOUND,
  invalid_token: VERIFY_LINK_INVALID,
};

export type VerifyPageState =
  { state: 'verify-token'; token: string } | { state: 'success' | 'error'; message: string };

/**
 * What /verificar-email shows for its query: a token is verified by calling the API; a status
 * maps to its text (success and already_verified are successes; any other value is the generic
 * error); neither gives 'Link de verificação inválido ou incompleto.'.
 */
export function verifyPageState(query: {
  token?: string | null;
  status?: string | null;
}): VerifyPageState {
  const token = text(query.token);
  if (token) return { state: 'verify-token', token };
  const status = text(query.status);
  if (!status) return { state: 'error', message: VERIFY_NO_PARAMETERS };
  if (!Object.hasOwn(VERIFY_STATUS_MESSAGES, status))
    return { state: 'error', message: VERIFY_UNKNOWN_STATUS };
  const known = status as VerifyStatus;
  const ok = known === 'success' || known === 'already_verified';
  return { state: ok ? 'success' : 'error', message: VERIFY_STATUS_MESSAGES[known] };
}

// Resend verification
export const RESEND_EMAIL_REQUIRED = 'Por favor, digite seu email.';
export const RESEND_EMAIL_INVALID = 'Por favor, digite um email válido.';
export const RESEND_ALREADY_VERIFIED =
  'Esta conta já está verificada e ativa! Você pode fazer login normalmente.';
export const RESEND_SENT =
  'Email de verificação enviado com sucesso! Verifique sua caixa de entrada.';
export const RESEND_NOT_FOUND =
  'Email não encontrado. Verifique se o email está correto ou faça um novo cadastro.';
export const RESEND_UNEXPECTED = 'Erro inesperado. Tente novamente mais tarde.';

/** The resend page's e-mail check (SPEC §5): required, then the standard pattern; null when fine. */
export function resendEmailError(email: string): string | null {
  if (email.trim() === '') return RESEND_EMAIL_REQUIRED;
  if (!isValidEmail(email)) return RESEND_EMAIL_INVALID;
  return null;
}

/** POST /api/send_verification/: `ok` is true when the page should redirect home. */
export function resendVerificationResult(outcome: Outcome): { ok: boolean; message: string } {
  const alreadyVerified =
    outcome.kind === 'response' && field(outcome.data, 'already_verified') === true;
  if (alreadyVerified) return { ok: true, message: RESEND_ALREADY_VERIFIED };
  if (isOk(outcome)) return { ok: true, message: RESEND_SENT };
  if (outcome.kind === 'response' && outcome.status === 404)
    return { ok: false, message: RESEND_NOT_FOUND };
  return { ok: false, message: RESEND_UNEXPECTED };
}

// Forgotten and reset password
export const FORGOT_SENT = 'Email enviado com sucesso! Verifique sua caixa de entrada.';
export const FORGOT_NOT_FOUND = 'Este email não está cadastrado em nosso sistema.';
export const FORGOT_FAILED = 'Erro ao enviar email. Tente novamente.';

export function forgotPasswordResult(outcome: Outcome): { ok: boolean; message: string } {
  if (isOk(outcome)) return { ok: true, message: FORGOT_SENT };
  if (outcome.kind === 'response' && outcome.status === 404)
    return { ok: false, message: FORGOT_NOT_FOUND };
  return { ok: false, message: FORGOT_FAILED };
}

export const RESET_SUCCESS =
  'Senha redefinida com sucesso! Redirecionando para a página inicial...';
export const RESET_FAILED = 'Erro ao redefinir senha. Tente novamente.';
/** The API's answer to a reset that went through (POST api/reset-password/). */
export const RESET_DONE = 'Senha redefinida com sucesso.';

/** POST api/reset-password/: the server's `error` field when it sent one. */
export function resetPasswordResult(outcome: Outcome): { ok: boolean; message: string } {
  if (isOk(outcome)) return { ok: true, message: RESET_SUCCESS };
  const error = outcome.kind === 'response' ? text(field(outcome.data, 'error')) : undefined;
  return { ok: false, message: error ?? RESET_FAILED };
}

// =================================================================================================
// Address profiles: saving at checkout, the account's addresses, the API's refusals.
// =================================================================================================

export const ADDRESS_PROFILE_NAME_TAKEN =
  'Você já possui um perfil de endereço com este nome. Escolha um nome diferente.';
export const ADDRESS_SAVE_FAILED_CHECKOUT =
  'Erro ao salvar perfil de endereço. Verifique os dados e tente novamente.';

/** Field -> prefix at checkout; any other field uses ADDRESS_OTHER_FIELD_PREFIX. */
export const ADDRESS_FIELD_PREFIXES: Readonly<Record<string, string>> = {
  nome_perfil: 'Erro no perfil de endereço: ',
  email: 'Erro no email: ',
  cpf: 'Erro no CPF: ',
  telefone: 'Erro no telefone: ',
  cep: 'Erro no CEP: ',
};
export const ADDRESS_OTHER_FIELD_PREFIX = 'Erro nos dados do endereço: ';

/**
 * A database's duplicate-key text about the profile name (PostgreSQL "duplicate key value
 * violates unique constraint …nome_perfil…", SQLite "UNIQUE constraint failed: …nome_perfil",
 * Django "… nome_perfil must make a unique set"), or our own text for it.
 */
export function isDuplicateProfileNameMessage(message: string): boolean {
  if (message === ADDRESS_PROFILE_NAME_TAKEN) return true;
  return /nome_perfil/i.test(message) && /(unique|duplicate|duplicad)/i.test(message);
}

/** Every text in a body: message, error, detail and each field message. */
function allTexts(data: unknown): string[] {
  const errors = field(data, 'errors');
  const all =
    errors !== null && typeof errors === 'object'
      ? Object.values(errors as Record<string, unknown>).flatMap((v) =>
          Array.isArray(v) ? v : [v],
        )
      : [];
  return [serverMessage(data), ...all].map(text).filter((t): t is string => t !== undefined);
}

/**
 * A failed POST /api/perfis-endereco/ while saving the manual address at checkout. A duplicate
 * profile name is recognised first (wherever the server put it); then the field errors in the
 * SPEC's order: profile name, e-mail, CPF, phone, CEP, else the first other field.
 */
export function checkoutAddressSaveError(outcome: Outcome): string {
  if (outcome.kind !== 'response') return ADDRESS_SAVE_FAILED_CHECKOUT;
  if (allTexts(outcome.data).some(isDuplicateProfileNameMessage)) return ADDRESS_PROFILE_NAME_TAKEN;
  const errors = serverFieldErrors(outcome.data);
  for (const [name, prefix] of Object.entries(ADDRESS_FIELD_PREFIXES)) {
    const message = errors[name];
    if (message) return `${prefix}${message}`;
  }
  const other = Object.values(errors)[0];
  if (other) return `${ADDRESS_OTHER_FIELD_PREFIX}${other}`;
  return ADDRESS_SAVE_FAILED_CHECKOUT;
}

export const ADDRESS_SAVE_FAILED = 'Erro ao salvar perfil. Tente novamente.';
export const ADDRESS_DELETE_CONFIRM = 'Tem certeza que deseja excluir este perfil de endereço?';
export const ADDRESS_DELETE_FAILED = 'Erro ao excluir perfil';
export const ADDRESS_SET_DEFAULT_FAILED = 'Erro ao definir perfil padrão';
export const ADDRESS_CREATED = 'Perfil criado com sucesso!';
export const ADDRESS_UPDATED = 'Perfil atualizado com sucesso!';

/**
 * A failed save in the account's address dialog: the server's field errors (first message per
 * field, shown under each field), else one message: the duplicate-name text, else the generic.
 */
export function addressPageSaveError(outcome: Outcome): {
  fieldErrors: Record<string, string>;
  message: string | null;
} {
  if (outcome.kind !== 'response') return { fieldErrors: {}, message: ADDRESS_SAVE_FAILED };
  const fieldErrors = serverFieldErrors(outcome.data);
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null };
  const duplicate = allTexts(outcome.data).some(isDuplicateProfileNameMessage);
  return { fieldErrors, message: duplicate ? ADDRESS_PROFILE_NAME_TAKEN : ADDRESS_SAVE_FAILED };
}

/** A failed DELETE: the server's message, else 'Erro ao excluir perfil'. */
export function addressDeleteError(outcome: Outcome): string {
  return (
    (outcome.kind === 'response' ? serverMessage(outcome.data) : undefined) ?? ADDRESS_DELETE_FAILED
  );
}

export const ADDRESS_PROFILE_ID_INVALID = 'O id do perfil deve ser um número inteiro positivo.';
/** A profile id that is not one of hers (or no longer exists): the same 404 either way. */
export const ADDRESS_PROFILE_NOT_FOUND = 'Perfil de endereço não encontrado.';
/** Saving one more profile than MAX_ADDRESS_PROFILES; the account page says it before asking. */
export const ADDRESS_PROFILE_LIMIT_REACHED = `Você pode salvar até ${MAX_ADDRESS_PROFILES} perfis de endereço. Exclua um para cadastrar outro.`;
/** The two fields the domain's schema has no text for when of the wrong type. */
export const ADDRESS_IS_DEFAULT_INVALID = 'O campo is_default deve ser verdadeiro ou falso.';
export const ADDRESS_COMPLEMENTO_INVALID = 'Complemento inválido';

// =================================================================================================
// Back office (API): the refusals of the owners' lists and actions, by screen.
// =================================================================================================

/** `?pagina=` of any list of the back office. */
export const ADMIN_PAGE_INVALID = 'A página deve ser um número inteiro a partir de 1.';

// Produtos
export const PRODUCT_CATEGORY_FILTER_INVALID =
  'Categoria desconhecida: use Anel, Brinco, Pulseira ou Colar.';
export const PRODUCT_SITUATION_FILTER_INVALID =
  'Filtro desconhecido: use visiveis, ocultos, estoque_baixo ou aguardando_aviso.';

// Estoque
export const STOCK_PRODUCT_FILTER_INVALID = 'O produto deve ser um número inteiro positivo.';
export const STOCK_SEARCH_TOO_LONG = 'A busca pode ter até 80 caracteres.';

/** `?motivo=` of the ledger, not one of `reasons`. */
export function stockReasonFilterInvalidMessage(reasons: readonly string[]): string {
  return `Motivo inválido: use ${reasons.join(', ')}.`;
}

// Pedidos
export const ORDER_STATUS_FILTER_INVALID = `Situação inválida: use ${ORDER_STATUS_CODES.join(', ')}.`;
/** `?de=` or `?ate=` not a real day (no 31 of February). */
export const ORDER_DATE_FILTER_INVALID = 'Data inválida: use o formato AAAA-MM-DD.';
export const ORDER_DATE_RANGE_INVALID = 'A data final deve ser igual ou posterior à inicial.';
export const ORDER_REFERENCE_INVALID = 'Número de pedido inválido.';
export const CANCEL_REASON_REQUIRED = 'Informe o motivo do cancelamento.';
export const CANCEL_REASON_TOO_LONG = 'O motivo deve ter no máximo 500 caracteres.';

/** 409 of an action the order's status no longer allows (it moved meanwhile). */
export function orderMovedMessage(status: OrderStatusCode): string {
  return `O pedido está como '${orderStatusText(status)}' e não permite esta ação agora. Atualize a página.`;
}

// Cupons
export const COUPON_ID_INVALID = 'O id do cupom deve ser um número inteiro positivo.';
export const COUPON_NOT_FOUND = 'Cupom não encontrado.';

// Clientes
export const CUSTOMER_ID_INVALID = 'O id da cliente deve ser um número inteiro positivo.';
export const CUSTOMER_NOT_FOUND = 'Cliente não encontrada.';
export const CUSTOMER_SEARCH_TOO_LONG = 'A busca pode ter até 100 caracteres.';
/** What the owner types to confirm an anonymization; the screen asks for the same word. */
export const ANONYMIZE_CONFIRMATION = 'ANONIMIZAR';
export const ANONYMIZE_CONFIRMATION_REQUIRED = `Digite ${ANONYMIZE_CONFIRMATION} para confirmar.`;
export const ANONYMIZE_OWNER_REFUSED =
  'A conta de uma administradora não pode ser anonimizada. Tire o e-mail de ADMIN_EMAILS antes.';
export const ANONYMIZE_ALREADY_DONE = 'Esta conta já foi anonimizada.';

// Auditoria
export const AUDIT_ENTITY_INVALID =
  'Entidade inválida: use product, order, coupon, customer, backup ou payment_settings.';
export const AUDIT_ID_INVALID = 'O id deve ter de 1 a 64 caracteres.';
export const AUDIT_ID_WITHOUT_ENTITY = 'Informe a entidade junto com o id.';
export const AUDIT_ACTION_INVALID = 'A ação deve ter de 1 a 64 letras, pontos ou sublinhados.';

// Administradoras
export const OWNER_ID_INVALID = 'O id da administradora deve ser um número inteiro positivo.';

// Pagamentos
export const PAYMENT_SETTINGS_MAX_INVALID = 'As parcelas devem ser um número inteiro de 1 a 12.';
export const PAYMENT_SETTINGS_FREE_INVALID =
  'As parcelas sem juros devem ser um número inteiro de 1 até o máximo de parcelas.';
export const PAYMENT_SETTINGS_MIN_INVALID =
  'A parcela mínima deve ser um valor em reais, zero ou mais (ex.: 20,00).';
export const PAYMENT_SETTINGS_PIX_INVALID =
  'O desconto no PIX deve ser de 0 a 20 %, em números inteiros ou meios (ex.: 5 ou 7,5).';
export const PAYMENT_SETTINGS_INVALID = 'Confira as configurações de pagamento.';
export const PAYMENT_SETTINGS_SAVED = 'Configurações de pagamento salvas.';

// =================================================================================================
// Demonstration store (PAYMENT_PROVIDER=sandbox on purpose).
// =================================================================================================

/** The ribbon on every page of a demonstration store (PAYMENT_PROVIDER=sandbox on purpose). */
export const DEMO_STORE_RIBBON_TITLE = 'Loja de demonstração.';
export const DEMO_STORE_RIBBON_TEXT = 'Nenhum pagamento aqui é real e nenhum pedido será enviado.';
