// =================================================================================================
// Back office (API): the refusals of the owners' lists and actions, by screen.
// =================================================================================================

import { ORDER_STATUS_CODES, orderStatusText, type OrderStatusCode } from '../orders';

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
  'Entidade inválida: use product, order, coupon, customer, backup, payment_settings ou shipping_settings.';
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

// Frete (Melhor Envio)
export const SHIPPING_SETTINGS_INVALID = 'Confira as configurações de frete.';
export const SHIPPING_SETTINGS_SAVED = 'Configurações de frete salvas.';
export const SHIPPING_SETTINGS_REQUIRED = 'Preencha este campo para ativar o Melhor Envio.';
export const SHIPPING_SETTINGS_ENVIRONMENT_INVALID = 'O ambiente deve ser sandbox ou produção.';
export const SHIPPING_SETTINGS_EMAIL_INVALID = 'Informe um e-mail válido.';
export const SHIPPING_SETTINGS_PHONE_INVALID = 'Informe o telefone com DDD (10 ou 11 dígitos).';
export const SHIPPING_SETTINGS_DOCUMENT_INVALID = 'Informe um CPF ou CNPJ válido.';
export const SHIPPING_SETTINGS_UF_INVALID = 'Informe a sigla de um estado (ex.: SP).';
export const SHIPPING_SETTINGS_CEP_INVALID = 'Informe um CEP com 8 dígitos.';
export const SHIPPING_SETTINGS_TEXT_TOO_LONG = 'Texto longo demais.';
export const SHIPPING_SETTINGS_SERVICE_UNKNOWN = 'Serviço desconhecido.';
export const SHIPPING_SETTINGS_SERVICES_EMPTY = 'Escolha pelo menos um serviço.';
export const SHIPPING_SETTINGS_MARGIN_INVALID =
  'A margem deve ser um valor em reais, de 0 a 1.000,00 (ex.: 2,50).';
export const SHIPPING_SETTINGS_DAYS_INVALID =
  'Os dias extras devem ser um número inteiro de 0 a 30.';
export const SHIPPING_SETTINGS_DIMENSION_INVALID = 'Informe um número inteiro de 1 a 100 cm.';
export const SHIPPING_SETTINGS_WEIGHT_INVALID = 'Informe um peso inteiro de 1 a 30.000 g.';
export const SHIPPING_SETTINGS_TOKEN_INVALID =
  'O token deve ser copiado inteiro do painel do Melhor Envio (letras, números e pontuação, sem espaços).';
export const SHIPPING_CONNECTION_OK = 'Conexão com o Melhor Envio funcionando.';
export const SHIPPING_CONNECTION_NOT_CONFIGURED =
  'Salve um token do Melhor Envio antes de testar a conexão.';
