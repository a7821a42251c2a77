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
  'Entidade inválida: use product, order, coupon, customer, backup, payment_settings, shipping_settings, review ou sales_channels.';
export const AUDIT_ID_INVALID = 'O id deve ter de 1 a 64 caracteres.';
export const AUDIT_ID_WITHOUT_ENTITY = 'Informe a entidade junto com o id.';
export const AUDIT_ACTION_INVALID = 'A ação deve ter de 1 a 64 letras, pontos ou sublinhados.';
/** Who a change made by the store on its own names (the carrier's code that came later). */
export const AUDIT_SYSTEM_ACTOR = 'Sistema (automático)';

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

// Etiquetas (Melhor Envio: 'Comprar etiqueta', docs/shipping-labels.md)
export const LABEL_ORDER_NOT_PAYABLE =
  'Só é possível comprar etiqueta de um pedido pago ou em andamento.';
export const LABEL_MELHOR_ENVIO_OFF =
  'O Melhor Envio não está ativo: salve o token e ative-o na página Frete para comprar etiquetas.';
export const LABEL_SENDER_INCOMPLETE =
  'Preencha o remetente na página Frete (nome, telefone, e-mail, CPF ou CNPJ e endereço completo) antes de comprar etiquetas.';
export const LABEL_RECIPIENT_INCOMPLETE =
  'O pedido não tem os dados completos da cliente (nome, CPF, telefone e endereço) para a etiqueta.';
export const LABEL_BUYING =
  'A etiqueta deste pedido já está sendo comprada. Aguarde alguns instantes e atualize a página.';
export const LABEL_ALREADY_BOUGHT = 'Este pedido já tem etiqueta.';
export const LABEL_SERVICE_UNKNOWN = 'Escolha um dos serviços configurados na página Frete.';
export const LABEL_DOCUMENT_INVALID = 'Escolha declaração de conteúdo ou nota fiscal.';
export const LABEL_INVOICE_KEY_INVALID = 'A chave de acesso da nota fiscal tem 44 números.';
export const LABEL_NOT_GENERATED = 'A etiqueta deste pedido ainda não foi gerada.';
export const LABEL_NOT_CANCELLABLE = 'Este pedido não tem etiqueta paga para cancelar.';
export const LABEL_CANCEL_REFUSED =
  'O Melhor Envio não cancelou a etiqueta (já foi postada ou passou do prazo de cancelamento).';
export const LABEL_UNAVAILABLE =
  'O Melhor Envio não respondeu agora. Tente de novo em instantes: a compra continua de onde parou, sem pagar duas vezes.';
export const LABEL_ORDERS_REQUIRED = 'Escolha de 1 a 50 pedidos.';
export const LABEL_BOUGHT = 'Etiqueta comprada.';
export const LABEL_CANCELLED = 'Etiqueta cancelada: o valor volta ao saldo do Melhor Envio.';
/** Bought, but the carrier gives its tracking code later: the shopper is mailed when it comes. */
export const LABEL_BOUGHT_CODE_LATER =
  'Etiqueta comprada. A cliente recebe o código de rastreio por e-mail assim que a transportadora o der.';
/** A generated label whose carrier has not given its tracking code yet (the card). */
export const LABEL_AWAITING_CARRIER_CODE = 'Aguardando o código de rastreio da transportadora';
export const LABEL_TRACKING_NOT_AWAITED =
  'Esta etiqueta não está esperando código de rastreio: já tem o da transportadora, ou não foi gerada.';
export const LABEL_TRACKING_RECEIVED =
  'Código de rastreio da transportadora recebido: o pedido já mostra o novo código.';
export const LABEL_TRACKING_STILL_AWAITED =
  'A transportadora ainda não deu o código. A loja continua perguntando ao Melhor Envio sozinha.';
/** Under a cancelled label's tracking code (struck through, with no link to follow). */
export const LABEL_CANCELLED_CODE_NOTE = 'Código da etiqueta cancelada: não rastreia mais.';
/** Above 'Comprar nova etiqueta' on an order already shipped whose label was cancelled. */
export const LABEL_REBUY_NOTE =
  'O pedido já foi enviado. Com a etiqueta nova, o código de rastreio do pedido muda e a cliente recebe o e-mail de envio de novo, com o código novo.';

/** The balance does not cover the label: how much is missing, in reais. */
export function labelBalanceMessage(missing: string, price: string, balance: string): string {
  return `Saldo insuficiente no Melhor Envio: faltam ${missing} (a etiqueta custa ${price} e o saldo é ${balance}). Adicione saldo à carteira do Melhor Envio e tente de novo.`;
}

/** Melhor Envio's field paths as the owners know them. */
const LABEL_FIELD_NAMES: [RegExp, string][] = [
  [/^to\.document$/, 'CPF da cliente'],
  [/^to\.postal_code$/, 'CEP da cliente'],
  [/^to\.phone$/, 'telefone da cliente'],
  [/^to\.email$/, 'e-mail da cliente'],
  [/^to\.name$/, 'nome da cliente'],
  [/^to\.state_abbr$/, 'estado da cliente'],
  [/^to\./, 'endereço da cliente'],
  [/^from\.(document|company_document)$/, 'CPF ou CNPJ do remetente (página Frete)'],
  [/^from\.state_register$/, 'inscrição estadual do remetente (página Frete)'],
  [/^from\.postal_code$/, 'CEP do remetente (página Frete)'],
  [/^from\.phone$/, 'telefone do remetente (página Frete)'],
  [/^from\.email$/, 'e-mail do remetente (página Frete)'],
  [/^from\./, 'endereço do remetente (página Frete)'],
  [/^options\.invoice/, 'chave da nota fiscal'],
  [/^options\.non_commercial/, 'declaração de conteúdo'],
  [/^options\.insurance_value/, 'valor declarado'],
  [/^service$/, 'serviço (não atende este trecho ou este pacote)'],
  [/^volumes/, 'medidas ou peso do pacote (página Frete)'],
  [/^products/, 'produtos do pedido'],
];

/** The field's name for the owners, or null for one this store does not know. */
export function labelFieldName(path: string): string | null {
  return LABEL_FIELD_NAMES.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

/** A 422 from Melhor Envio, in Portuguese: the fields it refused, never its own text. */
export function labelRefusedMessage(paths: string[]): string {
  const names = [...new Set(paths.map(labelFieldName).filter((n): n is string => n !== null))];
  return names.length > 0
    ? `O Melhor Envio recusou a etiqueta. Confira: ${names.join('; ')}.`
    : 'O Melhor Envio recusou os dados da etiqueta. Confira o endereço e o CPF da cliente e o remetente na página Frete.';
}
