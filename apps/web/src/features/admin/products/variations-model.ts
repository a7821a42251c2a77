/**
 * The 'Variações' editor's draft (docs/variations-contract.md): the axis and the sizes
 * as the owner arranges them, and the body of PUT api/admin/produtos/:id/variacoes/ built from
 * them — the full list in its new order, a new size without id (it starts at stock 0), a size
 * left out deleted by the server, or archived when it was ever ordered.
 */
import { VARIATION_AXES, variationAxisWord } from '@semijoias/domain/variations';
import type { AdminVariation } from './products-api';

export interface VariationDraft {
  /** A stable key for the list, also for a size not saved yet. */
  key: string;
  /** The saved size's id; undefined for a new one. */
  id?: number;
  nome: string;
  sku: string;
  /** Order lines naming it (0 for a new one). */
  pedidos: number;
  /** 'Manter em estoque': the Painel counts it on its own when it runs low. */
  manter: boolean;
}

export interface VariationsBody {
  nome_variacao: string | null;
  variacoes: { id?: number; nome: string; sku: string | null; manter_em_estoque: boolean }[];
}

export function draftsOf(variacoes: AdminVariation[]): VariationDraft[] {
  return [...variacoes]
    .sort((a, b) => a.posicao - b.posicao || a.id - b.id)
    .map((v) => ({
      key: `v${v.id}`,
      id: v.id,
      nome: v.nome,
      sku: v.sku ?? '',
      pedidos: v.pedidos,
      manter: v.manter_em_estoque ?? false,
    }));
}

/** The PUT's body: without sizes the piece is one without variations again (axis null). */
export function variationsBody(axis: string, drafts: VariationDraft[]): VariationsBody {
  if (drafts.length === 0) return { nome_variacao: null, variacoes: [] };
  return {
    nome_variacao: axis.trim(),
    variacoes: drafts.map((d) => ({
      ...(d.id === undefined ? {} : { id: d.id }),
      nome: d.nome.trim(),
      sku: d.sku.trim() === '' ? null : d.sku.trim(),
      manter_em_estoque: d.manter,
    })),
  };
}

/** One place up (-1) or down (+1); the list unchanged at its ends. */
export function moveDraft(drafts: VariationDraft[], index: number, by: -1 | 1): VariationDraft[] {
  const to = index + by;
  if (index < 0 || index >= drafts.length || to < 0 || to >= drafts.length) return drafts;
  const next = [...drafts];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/**
 * The remove button's word: a size ever ordered is archived (its orders keep naming it), so it
 * is hidden from the store rather than removed.
 */
export function removeWord(draft: Pick<VariationDraft, 'pedidos'>): 'Ocultar' | 'Remover' {
  return draft.pedidos > 0 ? 'Ocultar' : 'Remover';
}

/** The axis a new sized piece starts with, by its category (the owner may change it). */
export function suggestedAxis(categoria: string): string {
  if (categoria === 'Anel') return 'Aro';
  if (categoria === 'Colar') return 'Comprimento';
  return 'Tamanho';
}

/** Whether the axis is one of the offered ones (else the select shows 'Outro'). */
export function isOfferedAxis(axis: string): boolean {
  return (VARIATION_AXES as readonly string[]).includes(axis);
}

/** 'aro', 'comprimento': the axis inside a sentence ('Novo aro'); the domain's one rule. */
export const axisWord = variationAxisWord;

/** Whether the draft differs from what is saved. */
export function draftChanged(
  savedAxis: string | null,
  saved: AdminVariation[],
  axis: string,
  drafts: VariationDraft[],
): boolean {
  const before = variationsBody(savedAxis ?? '', draftsOf(saved));
  const after = variationsBody(axis, drafts);
  return JSON.stringify(before) !== JSON.stringify(after);
}
