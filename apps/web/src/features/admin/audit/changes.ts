/**
 * What an audit entry changed: the fields whose value differs between `before` and `after` (as
 * the admin API answered the entity), each written for the owners ('R$ 12,00', 'Sim', a date).
 */
import { formatBRL } from '@semijoias/domain/money';
import { formatDateTime } from '../lib/format';

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The keys the sections answer most, in Portuguese; any other key is shown tidied up. */
const FIELD_LABEL: Record<string, string> = {
  estoque: 'Estoque',
  stock: 'Estoque',
  nome: 'Nome',
  name: 'Nome',
  status: 'Situação',
  preco_cents: 'Preço',
  preco_original_cents: 'Preço original',
  price_cents: 'Preço',
  tracking_code: 'Código de rastreio',
  codigo_rastreio: 'Código de rastreio',
  hidden_at: 'Oculto desde',
  oculto: 'Oculto',
  categoria: 'Categoria',
  descricao: 'Descrição',
  peso_gramas: 'Peso (g)',
  ativo: 'Ativo',
  pausado: 'Pausado',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MAX_TEXT = 140;

export function fieldLabel(field: string): string {
  const known = FIELD_LABEL[field];
  if (known) return known;
  const words = field.replace(/_cents$/, '').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return field.endsWith('_cents') ? formatBRL(value) : String(value);
  if (typeof value === 'string') {
    const text = ISO_DATE.test(value) ? formatDateTime(value) : value;
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
  }
  const json = JSON.stringify(value);
  return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT - 1)}…` : json;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields that differ, in the order the entity lists them. */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  if (before == null && after == null) return [];
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    return [
      {
        field: 'valor',
        label: 'Valor',
        before: formatAuditValue('valor', before),
        after: formatAuditValue('valor', after),
      },
    ];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: formatAuditValue(field, was[field]),
      after: formatAuditValue(field, now[field]),
    }));
}
