import { describe, expect, it } from 'vitest';
import * as M from './messages';
import type { Outcome } from './messages';

const res = (status: number, data?: unknown): Outcome => ({ kind: 'response', status, data });
const noResponse: Outcome = { kind: 'no-response' };
const other: Outcome = { kind: 'other' };

describe('login and cart texts', () => {
  it.each([
    [M.LOGIN_INVALID_CREDENTIALS, 'Credenciais incorretas.'],
    [M.LOGIN_ERROR_TITLE, 'Ocorreu um erro:'],
    [M.LOGIN_SUCCESS, 'Login efetuado com sucesso!'],
    [M.CART_ADD_ERROR, 'Erro ao adicionar produto ao carrinho. Tente novamente.'],
    [M.CART_EMPTY_TEXT, 'O carrinho está vazio.'],
    [M.CART_REMOVE_CONFIRM, 'Deseja realmente remover esse item do carrinho?'],
    [M.CART_ADDED_POPUP, 'Produto adicionado ao carrinho com sucesso!'],
    [M.cartAddedToast('Anel Solitário'), 'Anel Solitário adicionado ao carrinho!'],
    [M.SHIPPING_ERROR, 'Erro ao calcular frete. Tente novamente.'],
    [M.SHIPPING_FALLBACK_LABEL, 'Erro no cálculo. Valor estimado.'],
    [M.searchEmptyText('relógio'), 'Nenhuma joia encontrada para "relógio"'],
    [M.USER_ENTRY_LOGGED_OUT, 'Entre ou Cadastre-se!'],
    [M.USER_ENTRY_LOGGED_IN, 'Veja seus pedidos!'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('cart payment button (SPEC §5)', () => {
  const cart = (subtotalCents: number, itemCount = 2) => ({ subtotalCents, itemCount });
  const changed =
    'O valor do carrinho foi alterado. Por favor, recalcule o frete antes de prosseguir.';
  it.each([
    [{ lineCount: 0, quoted: null, current: cart(0, 0) }, 'Seu carrinho está vazio.'],
    [
      { lineCount: 2, quoted: null, current: cart(10000) },
      'Por favor, calcule o frete antes de prosseguir com o pagamento.',
    ],
    [{ lineCount: 2, quoted: cart(10000), current: cart(12990) }, changed],
    [{ lineCount: 2, quoted: cart(10000), current: cart(10002) }, changed],
    [{ lineCount: 2, quoted: cart(10000), current: cart(10001) }, null],
    [{ lineCount: 2, quoted: cart(10000), current: cart(10000) }, null],
    // Same subtotal, other units: another weight, so another quote.
    [{ lineCount: 2, quoted: cart(10000, 2), current: cart(10000, 3) }, changed],
  ])('%j -> %j', (input, message) => {
    expect(M.cartPaymentBlocker(input)).toBe(message);
  });
});

describe('CEP messages', () => {
  it.each([
    ['0131', null, 'Por favor, insira um CEP válido'],
    ['', null, 'Por favor, insira um CEP válido'],
    ['01310-100', false, 'CEP inválido. Verifique se o CEP existe.'],
    ['01310-100', true, null],
    ['01310-100', null, null],
  ] as const)('cart calculator %j (exists %j) -> %j', (cep, exists, message) => {
    expect(M.cartShippingCepBlocker(cep, exists)).toBe(message);
  });

  it('lookup failures', () => {
    expect(M.cepLookupMessage('not-found')).toBe('CEP não encontrado');
    expect(M.cepLookupMessage('failed')).toBe('Erro ao validar CEP');
  });
});

describe('registration errors (SPEC §8)', () => {
  const EMAIL = 'Este email já está cadastrado. Tente fazer login ou use outro email.';
  const CPF =
    'Este CPF já está cadastrado no sistema. Verifique se você já possui conta ou entre em contato conosco.';
  it.each<[string, Outcome, string]>([
    ['e-mail already registered', res(400, { message: 'Este email já está cadastrado.' }), EMAIL],
    [
      'e-mail registered (English)',
      res(400, { error: 'User with this email already exists.' }),
      EMAIL,
    ],
    [
      'e-mail unique constraint',
      res(500, { message: 'UNIQUE constraint failed: users.email' }),
      EMAIL,
    ],
    [
      'e-mail duplicate key',
      res(409, { message: 'duplicate key value violates unique constraint "users_email_key"' }),
      EMAIL,
    ],
    ['E-mail em uso', res(400, { message: 'E-mail já em uso' }), EMAIL],
    ['CPF already registered', res(400, { message: 'CPF já cadastrado' }), CPF],
    ['CPF unique constraint', res(400, { message: 'UNIQUE constraint failed: users.cpf' }), CPF],
    [
      'CPF in field errors',
      res(400, { errors: { cpf: ['user with this cpf already exists.'] } }),
      CPF,
    ],
    [
      'other duplicate',
      res(409, { message: 'duplicate key value violates unique constraint "users_username_key"' }),
      'Dados duplicados encontrados...',
    ],
    ['other server message as is', res(400, { message: 'CPF inválido.' }), 'CPF inválido.'],
    ['error field as is', res(400, { error: 'Telefone inválido.' }), 'Telefone inválido.'],
    [
      '409 without message',
      res(409, {}),
      'Já existe uma conta com esses dados (email, CPF ou nome)...',
    ],
    [
      '400 without message',
      res(400, {}),
      'Dados informados são inválidos. Verifique todos os campos e tente novamente.',
    ],
    [
      '500 without message',
      res(500, null),
      'Erro interno do servidor. Tente novamente em alguns minutos.',
    ],
    ['503 without message', res(503, '<html>'), 'Erro inesperado. Tente novamente.'],
    ['404 without message', res(404), 'Erro inesperado. Tente novamente.'],
    ['no response', noResponse, 'Erro de conexão. Verifique sua internet e tente novamente.'],
    ['otherwise', other, 'Erro ao cadastrar usuário. Por favor, tente novamente.'],
  ])('%s', (_name, outcome, message) => {
    expect(M.registrationErrorMessage(outcome)).toBe(message);
  });

  it('success text, and the account-created-but case', () => {
    expect(M.registrationSuccessMessage({ message: 'Usuário criado.' })).toEqual({
      message: 'Cadastro realizado com sucesso, verifique seu email para logar.',
      verificationEmailSent: true,
    });
    expect(M.registrationSuccessMessage({ message: M.ACCOUNT_CREATED_EMAIL_NOT_SENT })).toEqual({
      message: M.ACCOUNT_CREATED_EMAIL_NOT_SENT,
      verificationEmailSent: false,
    });
    expect(M.ACCOUNT_CREATED_EMAIL_NOT_SENT.startsWith('Conta criada com sucesso, mas ')).toBe(
      true,
    );
  });
});

describe('verification API', () => {
  it.each<[Outcome, string]>([
    [noResponse, 'Erro de conexão. Tente novamente mais tarde.'],
    [other, 'Erro de conexão. Tente novamente mais tarde.'],
    [res(404, { error: 'x' }), 'Usuário não encontrado. Verifique se sua conta ainda existe.'],
    [
      res(400, { error: 'x' }),
      'Token inválido ou expirado. Solicite um novo email de verificação.',
    ],
    [res(500), 'Erro inesperado no servidor. Tente novamente mais tarde.'],
  ])('%j -> %s', (outcome, message) => {
    expect(M.verifyEmailErrorMessage(outcome)).toBe(message);
  });
});

describe('verify page', () => {
  it.each([
    [
      { status: 'success', user: 'Ana' },
      'success',
      'Email verificado com sucesso! Sua conta foi ativada.',
    ],
    [
      { status: 'already_verified' },
      'success',
      'Sua conta já estava ativa! Você pode fazer login normalmente.',
    ],
    [
      { status: 'user_not_found' },
      'error',
      'Usuário não encontrado. Verifique se sua conta ainda existe.',
    ],
    [
      { status: 'invalid_token' },
      'error',
      'O link de verificação expirou ou é inválido. Solicite um novo email de verificação.',
    ],
    [{ status: 'expired' }, 'error', 'Erro inesperado na verificação. Tente novamente mais tarde.'],
    [
      { status: 'toString' },
      'error',
      'Erro inesperado na verificação. Tente novamente mais tarde.',
    ],
    [{}, 'error', 'Link de verificação inválido ou incompleto.'],
    [{ token: '', status: '' }, 'error', 'Link de verificação inválido ou incompleto.'],
  ])('%j -> %s %s', (query, state, message) => {
    expect(M.verifyPageState(query)).toEqual({ state, message });
  });

  it('a token is verified through the API', () => {
    expect(M.verifyPageState({ token: 'abc' })).toEqual({ state: 'verify-token', token: 'abc' });
  });
});

describe('resend verification', () => {
  it.each<[Outcome, boolean, string]>([
    [
      res(200, { already_verified: true, message: 'x' }),
      true,
      'Esta conta já está verificada e ativa! Você pode fazer login normalmente.',
    ],
    [
      res(400, { already_verified: true }),
      true,
      'Esta conta já está verificada e ativa! Você pode fazer login normalmente.',
    ],
    [
      res(200, { message: 'ok' }),
      true,
      'Email de verificação enviado com sucesso! Verifique sua caixa de entrada.',
    ],
    [
      res(404, { error: 'x' }),
      false,
      'Email não encontrado. Verifique se o email está correto ou faça um novo cadastro.',
    ],
    [res(500), false, 'Erro inesperado. Tente novamente mais tarde.'],
    [noResponse, false, 'Erro inesperado. Tente novamente mais tarde.'],
  ])('%j', (outcome, ok, message) => {
    expect(M.resendVerificationResult(outcome)).toEqual({ ok, message });
  });

  it('form texts', () => {
    expect(M.RESEND_EMAIL_REQUIRED).toBe('Por favor, digite seu email.');
    expect(M.RESEND_EMAIL_INVALID).toBe('Por favor, digite um email válido.');
  });
});

describe('forgot and reset password', () => {
  it.each<[Outcome, boolean, string]>([
    [res(200), true, 'Email enviado com sucesso! Verifique sua caixa de entrada.'],
    [res(404), false, 'Este email não está cadastrado em nosso sistema.'],
    [res(500), false, 'Erro ao enviar email. Tente novamente.'],
    [noResponse, false, 'Erro ao enviar email. Tente novamente.'],
  ])('forgot %j', (outcome, ok, message) => {
    expect(M.forgotPasswordResult(outcome)).toEqual({ ok, message });
  });

  it.each<[Outcome, boolean, string]>([
    [res(200), true, 'Senha redefinida com sucesso! Redirecionando para a página inicial...'],
    [res(400, { error: 'Token expirado.' }), false, 'Token expirado.'],
    [res(400, { message: 'ignored' }), false, 'Erro ao redefinir senha. Tente novamente.'],
    [noResponse, false, 'Erro ao redefinir senha. Tente novamente.'],
  ])('reset %j', (outcome, ok, message) => {
    expect(M.resetPasswordResult(outcome)).toEqual({ ok, message });
  });
});

describe('coupon', () => {
  it.each<[Outcome, M.CouponResult]>([
    [
      res(200, { success: true, desconto: '25.99' }),
      { success: true, desconto: 2599, message: 'Cupom aplicado com sucesso!' },
    ],
    [
      res(200, { success: true, desconto: 25.99, message: 'Bem-vinda!' }),
      { success: true, desconto: 2599, message: 'Bem-vinda!' },
    ],
    [
      res(200, { success: false }),
      { success: false, desconto: 0, message: 'Cupom inválido ou expirado.' },
    ],
    [
      res(200, { success: false, message: 'Cupom expirado.' }),
      { success: false, desconto: 0, message: 'Cupom expirado.' },
    ],
    [res(400, {}), { success: false, desconto: 0, message: 'Cupom inválido ou expirado.' }],
    [
      res(404, { message: 'Cupom não existe.' }),
      { success: false, desconto: 0, message: 'Cupom não existe.' },
    ],
    [res(500), { success: false, desconto: 0, message: 'Erro ao validar cupom. Tente novamente.' }],
    [
      res(500, { error: 'Banco indisponível' }),
      { success: false, desconto: 0, message: 'Banco indisponível' },
    ],
    [
      noResponse,
      { success: false, desconto: 0, message: 'Erro ao validar cupom. Tente novamente.' },
    ],
  ])('%j', (outcome, result) => {
    expect(M.couponResult(outcome)).toEqual(result);
  });

  it('popup titles', () => {
    expect(M.COUPON_POPUP_SUCCESS_TITLE).toBe('Cupom Aplicado!');
    expect(M.COUPON_POPUP_FAILURE_TITLE).toBe('Cupom Inválido');
  });
});

describe('checkout payment errors', () => {
  const stock = 'O produto Anel Solitário não tem estoque suficiente (disponível: 1).';
  it.each<[Outcome, string]>([
    [res(400, { message: stock }), stock],
    [res(400, { error: stock }), stock],
    [res(400, { message: 'Cupom já utilizado.' }), 'Este cupom já foi utilizado anteriormente.'],
    [res(400, { error: 'Cupom inválido.' }), 'O cupom informado não existe ou é inválido.'],
    [
      res(403, { message: 'Cupom não associado ao usuário.' }),
      'Você não tem acesso a este cupom. Verifique se está logado corretamente.',
    ],
    [res(400, { message: 'Carrinho vazio.' }), 'Carrinho vazio.'],
    [res(500, {}), 'Ocorreu um erro ao processar o pagamento. Tente novamente.'],
    [res(500), 'Ocorreu um erro ao processar o pagamento. Tente novamente.'],
    [noResponse, 'Erro de conexão. Verifique sua internet e tente novamente.'],
    [other, 'Ocorreu um erro ao processar o pagamento. Tente novamente.'],
  ])('%j -> %s', (outcome, message) => {
    expect(M.paymentErrorMessage(outcome)).toBe(message);
  });

  it('checkout navigation', () => {
    expect(M.checkoutNavigationError('Carrinho vazio')).toBe('Erro: Carrinho vazio');
    expect(M.checkoutNavigationError(null)).toBe('Erro ao processar checkout. Tente novamente.');
    expect(M.CHECKOUT_CART_NOT_FOUND).toBe('Dados do carrinho não encontrados');
  });
});

describe('address save at checkout', () => {
  const TAKEN = 'Você já possui um perfil de endereço com este nome. Escolha um nome diferente.';
  it.each<[string, Outcome, string]>([
    [
      'profile name',
      res(400, { errors: { nome_perfil: ['Nome do perfil é obrigatório'] } }),
      'Erro no perfil de endereço: Nome do perfil é obrigatório',
    ],
    [
      'email',
      res(400, { errors: { email: ['E-mail inválido'] } }),
      'Erro no email: E-mail inválido',
    ],
    ['cpf', res(400, { errors: { cpf: ['CPF inválido'] } }), 'Erro no CPF: CPF inválido'],
    [
      'phone',
      res(400, { errors: { telefone: ['Telefone inválido'] } }),
      'Erro no telefone: Telefone inválido',
    ],
    ['cep', res(400, { errors: { cep: 'CEP inválido' } }), 'Erro no CEP: CEP inválido'],
    [
      'other field',
      res(400, { errors: { bairro: ['Bairro é obrigatório'], cidade: ['x'] } }),
      'Erro nos dados do endereço: Bairro é obrigatório',
    ],
    [
      'SPEC order wins over body order',
      res(400, { errors: { cep: ['CEP inválido'], cpf: ['CPF inválido'] } }),
      'Erro no CPF: CPF inválido',
    ],
    [
      'named fields before other fields',
      res(400, { errors: { bairro: ['b'], telefone: ['t'] } }),
      'Erro no telefone: t',
    ],
    [
      'postgres duplicate',
      res(400, {
        message: 'duplicate key value violates unique constraint "perfis_user_id_nome_perfil_key"',
      }),
      TAKEN,
    ],
    [
      'sqlite duplicate',
      res(500, { error: 'UNIQUE constraint failed: perfil.user_id, perfil.nome_perfil' }),
      TAKEN,
    ],
    [
      'django unique set',
      res(400, {
        errors: { non_field_errors: ['The fields user, nome_perfil must make a unique set.'] },
      }),
      TAKEN,
    ],
    ['our own text', res(409, { errors: { nome_perfil: [TAKEN] } }), TAKEN],
    [
      'message only',
      res(400, { message: 'Algo deu errado' }),
      'Erro ao salvar perfil de endereço. Verifique os dados e tente novamente.',
    ],
    [
      'nothing',
      res(500),
      'Erro ao salvar perfil de endereço. Verifique os dados e tente novamente.',
    ],
    [
      'no response',
      noResponse,
      'Erro ao salvar perfil de endereço. Verifique os dados e tente novamente.',
    ],
  ])('%s', (_name, outcome, message) => {
    expect(M.checkoutAddressSaveError(outcome)).toBe(message);
  });
});

describe('address page', () => {
  it('save failure: field errors, else generic', () => {
    expect(
      M.addressPageSaveError(
        res(400, { errors: { cpf: ['CPF inválido'], cep: ['CEP inválido', 'x'] } }),
      ),
    ).toEqual({
      fieldErrors: { cpf: 'CPF inválido', cep: 'CEP inválido' },
      message: null,
    });
    expect(M.addressPageSaveError(res(500))).toEqual({
      fieldErrors: {},
      message: 'Erro ao salvar perfil. Tente novamente.',
    });
    expect(M.addressPageSaveError(noResponse)).toEqual({
      fieldErrors: {},
      message: 'Erro ao salvar perfil. Tente novamente.',
    });
    expect(
      M.addressPageSaveError(res(400, { message: 'UNIQUE constraint failed: p.nome_perfil' }))
        .message,
    ).toBe('Você já possui um perfil de endereço com este nome. Escolha um nome diferente.');
  });

  it('delete failure: server message, else generic', () => {
    expect(M.addressDeleteError(res(400, { message: 'Perfil em uso.' }))).toBe('Perfil em uso.');
    expect(M.addressDeleteError(res(500))).toBe('Erro ao excluir perfil');
    expect(M.addressDeleteError(noResponse)).toBe('Erro ao excluir perfil');
  });

  it.each([
    [M.ADDRESS_DELETE_CONFIRM, 'Tem certeza que deseja excluir este perfil de endereço?'],
    [M.ADDRESS_SET_DEFAULT_FAILED, 'Erro ao definir perfil padrão'],
    [M.ADDRESS_CREATED, 'Perfil criado com sucesso!'],
    [M.ADDRESS_UPDATED, 'Perfil atualizado com sucesso!'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('payment link', () => {
  it.each<[Outcome, { url: string } | { message: string }]>([
    [
      res(200, { payment_link: 'https://pagamento.exemplo/abc' }),
      { url: 'https://pagamento.exemplo/abc' },
    ],
    [
      res(200, { payment_link: null }),
      {
        message:
          'Link de pagamento não disponível no momento. Entre em contato conosco se precisar de ajuda.',
      },
    ],
    [
      res(404),
      {
        message:
          'Link de pagamento não disponível no momento. Entre em contato conosco se precisar de ajuda.',
      },
    ],
    [res(500), { message: 'Erro ao buscar link de pagamento. Tente novamente mais tarde.' }],
    [noResponse, { message: 'Erro ao buscar link de pagamento. Tente novamente mais tarde.' }],
  ])('%j', (outcome, result) => {
    expect(M.paymentLinkResult(outcome)).toEqual(result);
  });
});

describe('login failures (SPEC §8)', () => {
  it('wrong credentials and unknown answers read "Credenciais incorretas."', () => {
    expect(M.loginErrorMessage(res(401, { detail: 'x', error: 'y' }))).toEqual({
      message: 'Credenciais incorretas.',
      emailNotVerified: false,
    });
    expect(M.loginErrorMessage(res(500)).message).toBe('Credenciais incorretas.');
    expect(M.loginErrorMessage(other).message).toBe('Credenciais incorretas.');
  });
  it('an unverified account shows the server text and flags it', () => {
    expect(
      M.loginErrorMessage(
        res(403, { error: 'E-mail ainda não verificado.', code: 'email_not_verified' }),
      ),
    ).toEqual({ message: 'E-mail ainda não verificado.', emailNotVerified: true });
    expect(M.loginErrorMessage(res(403, { error: 'Proibido' })).emailNotVerified).toBe(false);
  });
  it('the rate limit shows its own words; no answer is a connection error', () => {
    expect(M.loginErrorMessage(res(429, { error: 'Muitas tentativas.' })).message).toBe(
      'Muitas tentativas.',
    );
    expect(M.loginErrorMessage(noResponse).message).toBe(M.CONNECTION_ERROR);
  });
});

describe('resend verification e-mail check (SPEC §5)', () => {
  it.each([
    ['', 'Por favor, digite seu email.'],
    ['   ', 'Por favor, digite seu email.'],
    ['ana@', 'Por favor, digite um email válido.'],
    ['ana@loja.com.br', null],
  ])('%j -> %j', (email, expected) => {
    expect(M.resendEmailError(email)).toBe(expected);
  });
});

describe('account API texts (docs/auth-contract.md)', () => {
  it('the unverified-login answer reaches the drawer as is, flagged', () => {
    expect(M.LOGIN_EMAIL_NOT_VERIFIED.startsWith('E-mail ainda não verificado')).toBe(true);
    expect(
      M.loginErrorMessage({
        kind: 'response',
        status: 403,
        data: { error: M.LOGIN_EMAIL_NOT_VERIFIED, code: M.LOGIN_EMAIL_NOT_VERIFIED_CODE },
      }),
    ).toEqual({ message: M.LOGIN_EMAIL_NOT_VERIFIED, emailNotVerified: true });
  });

  it('the rate-limit answer is shown as the server wrote it', () => {
    expect(
      M.loginErrorMessage({ kind: 'response', status: 429, data: { error: M.TOO_MANY_ATTEMPTS } })
        .message,
    ).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    expect(M.TOKEN_INVALID_OR_EXPIRED).toBe('Token inválido ou expirado.');
  });
});

describe("the checkout's one total", () => {
  it('names the total by the method chosen, and the other as a hint', () => {
    expect(M.methodTotalLabel('pix')).toBe('Total no PIX');
    expect(M.methodTotalLabel('cartao')).toBe('Total no cartão');
    expect(M.otherMethodTotalHint('cartao', 20937)).toBe('No cartão: R$ 209,37');
    expect(M.otherMethodTotalHint('pix', 19647)).toBe('No PIX: R$ 196,47');
  });
});
