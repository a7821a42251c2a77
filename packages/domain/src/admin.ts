/**
 * The back office: texts and rules shared by the admin API and its screens. The owners' forms each
 * have their own module (product-form.ts, coupon-form.ts, tracking-code.ts).
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
  { path: 'avaliacoes', label: 'Avaliações' },
  { path: 'cupons', label: 'Cupons' },
  { path: 'pagamentos', label: 'Pagamentos' },
  { path: 'frete', label: 'Frete' },
  { path: 'canais', label: 'Canais de venda' },
  { path: 'clientes', label: 'Clientes' },
  { path: 'auditoria', label: 'Auditoria' },
  { path: 'saude', label: 'Saúde da loja' },
  { path: 'backups', label: 'Backups' },
  { path: 'ajuda', label: 'Ajuda' },
] as const;

/**
 * At this many units or fewer a piece shows as 'estoque baixo' on the Painel and in the lists (a
 * piece sold by size by the sum of its sizes).
 */
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

// ------------------------------------------------------------ Going online: test orders, settings
/**
 * A test order (paid, or to be paid, through the sandbox provider): its badge beside the
 * reference and, on its page, why it is not to be shipped.
 */
export const TEST_ORDER_BADGE = 'Teste';
export const TEST_ORDER_EXPLANATION =
  'Pedido de teste (sandbox): nenhum dinheiro foi recebido. Não envie.';
/** Before the subject of the owners' e-mails about a test order (the explanation opens them). */
export const TEST_ORDER_SUBJECT_PREFIX = '[TESTE]';

/**
 * What the running store's settings mean for the owners (GET /api/admin/ambiente/): a banner on
 * every back-office page for each one that applies.
 */
export const ENVIRONMENT_NOTICES = {
  pagamentos_de_teste: {
    titulo: 'Pagamentos de teste',
    texto:
      'Esta loja usa o provedor de pagamento de teste (sandbox): nenhum pagamento é real. ' +
      'Para vender, configure PAYMENT_PROVIDER=pagbank e PAGBANK_TOKEN (ou mercadopago e as credenciais do Mercado Pago).',
  },
  banco_embutido: {
    titulo: 'Banco embutido em produção',
    texto:
      'A loja usa o banco embutido (PGlite): serve uma única instância pequena, não é seguro ' +
      'contra uma queda de energia e não pode ser compartilhado por várias instâncias. Use ' +
      'DATABASE_URL com um PostgreSQL.',
  },
  email_em_arquivo: {
    titulo: 'E-mails não saem',
    texto:
      'Sem SMTP_URL, os e-mails são gravados em arquivos no servidor e não chegam às clientes.',
  },
} as const;

export type EnvironmentNoticeCode = keyof typeof ENVIRONMENT_NOTICES;
// ------------------------------------------------------------ end of Going online

/** GET /api/admin/backups/{arquivo} for a name that is not one of the store's backups. */
export const BACKUP_NOT_FOUND = 'Backup não encontrado.';

/** A backup's size as the owners read it: '830 KB', '9,4 MB' (back office, log, command line). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

/** What the audit log's entries are about (`entity_type`; `?entidade=` of GET /api/admin/auditoria/). */
export const AUDIT_ENTITY_TYPES = [
  'product',
  'order',
  'coupon',
  'customer',
  'backup',
  'payment_settings',
  'shipping_settings',
  'review',
  'sales_channels',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
