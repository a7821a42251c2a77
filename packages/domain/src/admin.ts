/**
 * The back office (issue 12): texts and rules shared by the admin API and its screens. The
 * owners' forms each have their own module (product-form.ts, coupon-form.ts, tracking-code.ts).
 */

/** 403 of every /api/admin/ call made by an account that is not an owner. */
export const ADMIN_FORBIDDEN = 'Acesso restrito às administradoras da loja.';
/** 401 of /api/admin/ calls without a session (the screen asks her to log in). */
export const ADMIN_LOGIN_REQUIRED = 'Entre com a sua conta de administradora para continuar.';
/** The entry to the back office in the account menu and page. */
export const ADMIN_ENTRY = 'Administração';

/** The back office's sections, in the order of its menu; `path` under /admin. */
export const ADMIN_SECTIONS = [
  { path: '', label: 'Painel' },
  { path: 'produtos', label: 'Produtos' },
  { path: 'estoque', label: 'Estoque' },
  { path: 'pedidos', label: 'Pedidos' },
  { path: 'cupons', label: 'Cupons' },
  { path: 'clientes', label: 'Clientes' },
  { path: 'auditoria', label: 'Auditoria' },
] as const;

/** Below this many units a product shows as 'estoque baixo' on the Painel and in the lists. */
export const LOW_STOCK_THRESHOLD = 3;

/** Lists of the back office answer at most this many rows per page. */
export const ADMIN_PAGE_SIZE = 25;

/** Why a stock changed, as the Estoque ledger shows it. */
export const STOCK_REASON_LABEL = {
  initial: 'Cadastro',
  sale: 'Venda',
  cancellation: 'Cancelamento',
  adjustment: 'Ajuste manual',
  other: 'Outro',
} as const;
