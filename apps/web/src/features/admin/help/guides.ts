/**
 * The owners' guides (docs/deploy.md and docs/admin/*.md, in Portuguese), bundled with the back
 * office at build time: the owners have no copy of the repository, so the store serves them
 * itself, in 'Ajuda'. Each guide is loaded only when opened (its own small chunk). The other
 * pages of the back office link here where a guide helps (guideHref).
 */

export interface Guide {
  /** Under /admin/ajuda/. */
  slug: string;
  title: string;
  /** One line for the list. */
  summary: string;
  /** The file, relative to docs/. */
  file: string;
}

export const GUIDES: readonly Guide[] = [
  {
    slug: 'administracao',
    title: 'A administração da loja',
    summary:
      'Entrar, o código do celular (segundo fator), os códigos de recuperação e o dia a dia.',
    file: 'admin/README.md',
  },
  {
    slug: 'pedidos',
    title: 'Pedidos',
    summary: 'Confirmar, enviar com o código de rastreio, cancelar e imprimir a etiqueta.',
    file: 'admin/orders.md',
  },
  {
    slug: 'avaliacoes',
    title: 'Avaliações',
    summary: 'Aprovar, ocultar e responder o que as clientes acharam das peças; ocultar uma foto.',
    file: 'admin/reviews.md',
  },
  {
    slug: 'produtos',
    title: 'Produtos',
    summary: 'Cadastrar, fotos, tamanhos, “Manter em estoque”, ocultar e publicar.',
    file: 'admin/products.md',
  },
  {
    slug: 'painel-estoque-auditoria',
    title: 'Painel, Estoque e Auditoria',
    summary: 'As vendas do Painel, o estoque baixo, repor unidades e quem mudou o quê.',
    file: 'admin/dashboard-stock-audit.md',
  },
  {
    slug: 'cupons-e-clientes',
    title: 'Cupons e clientes',
    summary: 'Criar cupons, ver as clientes, exportar e anonimizar (LGPD).',
    file: 'admin/coupons-customers.md',
  },
  {
    slug: 'pagamentos',
    title: 'Pagamentos',
    summary: 'Parcelas sem juros, parcela mínima e o desconto no PIX.',
    file: 'admin/payments.md',
  },
  {
    slug: 'frete',
    title: 'Frete',
    summary: 'O Melhor Envio: token, remetente, serviços oferecidos e embalagens.',
    file: 'admin/shipping.md',
  },
  {
    slug: 'canais-de-venda',
    title: 'Canais de venda',
    summary: 'Suas peças no Google Shopping e no Instagram, a marca e o WhatsApp da loja.',
    file: 'admin/sales-channels.md',
  },
  {
    slug: 'limites-de-compra',
    title: 'Limites de compra',
    summary: 'O máximo de unidades de uma peça por cliente.',
    file: 'admin/purchase-limits.md',
  },
  {
    slug: 'saude',
    title: 'Saúde da loja',
    summary: 'O que cada item verde, amarelo ou vermelho quer dizer e o que fazer.',
    file: 'admin/health.md',
  },
  {
    slug: 'backups',
    title: 'Backups',
    summary: 'Fazer, baixar e guardar as cópias de segurança.',
    file: 'admin/backups.md',
  },
  {
    slug: 'colocar-no-ar',
    title: 'Como colocar a loja no ar',
    summary:
      'O servidor, o domínio, os pagamentos de verdade, as atualizações, os backups e quando algo dá errado.',
    file: 'deploy.md',
  },
];

// Paths from this folder to the repository's docs/ (apps/web/src/features/admin/help).
const sources = import.meta.glob<string>(
  ['../../../../../../docs/deploy.md', '../../../../../../docs/admin/*.md'],
  { query: '?raw', import: 'default' },
);
const DOCS_PREFIX = '../../../../../../docs/';

/** The section of 'administracao' on the second factor (docs/admin/README.md). */
export const SECOND_FACTOR_GUIDE_ANCHOR = 'o-segundo-fator-o-codigo-do-celular';

export function guideBySlug(slug: string | undefined): Guide | undefined {
  return GUIDES.find((g) => g.slug === slug);
}

/** The guide of a file relative to docs/ ('admin/backups.md'), if it is one of them. */
export function guideByFile(file: string): Guide | undefined {
  return GUIDES.find((g) => g.file === file);
}

/** The guide's markdown, loaded on demand. */
export function loadGuide(guide: Guide): Promise<string> {
  const load = sources[DOCS_PREFIX + guide.file];
  if (!load) return Promise.reject(new Error(`guia ausente: ${guide.file}`));
  return load();
}

/** The address of a guide in the back office, at one of its sections (a heading's anchor). */
export function guideHref(slug: string, anchor?: string): string {
  return `/admin/ajuda/${slug}${anchor ? `#${anchor}` : ''}`;
}
