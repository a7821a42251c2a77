/**
 * The back office's Avaliações calls (docs/reviews-contract.md, "The owners"): the list by status
 * and the moderation, each answering the review as it now stands. Keys under ADMIN_QUERY_ROOT, so
 * a logout drops them.
 */
import type { ReviewStatus } from '@semijoias/domain/reviews';
import { REVIEW_STATES_LIST } from '@semijoias/domain/reviews';
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';

export interface AdminReviewPhoto {
  id: number;
  /** Served to the owners even when hidden (the URL carries the server's signature). */
  url: string;
  oculta: boolean;
}

/** An item of the owners' list. */
export interface AdminReview {
  id: number;
  status: ReviewStatus;
  estrelas: number;
  titulo: string | null;
  texto: string | null;
  /** Her first name as the piece's page shows it ('Cliente' once anonymised). */
  autora: string;
  /** 'Campinas/SP', or null. */
  cidade: string | null;
  tamanho: string | null;
  criado_em: string;
  atualizada_em: string;
  produto: { id: number; nome: string; imagem: string | null };
  /** The order's reference. */
  pedido: string;
  fotos: AdminReviewPhoto[];
  resposta: { texto: string; data: string } | null;
  /** Why the owners hid it (never shown in the shop). */
  motivo_ocultacao: string | null;
  aprovada_em: string | null;
}

export interface AdminReviewsPage {
  avaliacoes: AdminReview[];
  /** How many of this status. */
  total: number;
  /** How many wait, whatever the status asked. */
  pendentes: number;
  /** The API sends them; the contract names only the three above. */
  pagina?: number;
  por_pagina?: number;
}

/** The API's page size when it does not say (modules/reviews/moderation.ts). */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export const REVIEWS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'avaliacoes'] as const;

/** `?status=` as the address bar keeps it: 'pendente' unless a known status. */
export function statusFromParam(value: string | null): ReviewStatus {
  return (REVIEW_STATES_LIST as readonly string[]).includes(value ?? '')
    ? (value as ReviewStatus)
    : 'pendente';
}

export function reviewsListQuery(status: ReviewStatus, pagina: number) {
  const query = new URLSearchParams({ status });
  if (pagina > 1) query.set('pagina', String(pagina));
  return {
    queryKey: [...REVIEWS_QUERY_KEY, 'lista', status, pagina] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<AdminReviewsPage>(`avaliacoes/?${query.toString()}`, { signal }),
  };
}

type Answer = { avaliacao: AdminReview };
const take = (answer: Answer) => answer.avaliacao;

export function approveReview(id: number): Promise<AdminReview> {
  return adminSend<Answer>('POST', `avaliacoes/${id}/aprovar/`, {}).then(take);
}

export function hideReview(id: number, motivo: string): Promise<AdminReview> {
  return adminSend<Answer>('POST', `avaliacoes/${id}/ocultar/`, { motivo }).then(take);
}

/** The public answer; an empty text removes it. */
export function answerReview(id: number, texto: string): Promise<AdminReview> {
  return adminSend<Answer>('POST', `avaliacoes/${id}/responder/`, { texto }).then(take);
}

export function setPhotoHidden(photoId: number, oculta: boolean): Promise<AdminReview> {
  return adminSend<Answer>('POST', `avaliacoes/fotos/${photoId}/ocultar/`, { oculta }).then(take);
}

/** 'Quando pedir a avaliação' (GET/PUT avaliacoes/configuracao/): days, as the owners set them. */
export interface RequestTiming {
  dias_apos_entrega: number;
  dias_apos_envio: number;
  /** Saved by the owners (else the store's settings). */
  da_loja: boolean;
}

export const REQUEST_TIMING_QUERY_KEY = [...REVIEWS_QUERY_KEY, 'configuracao'] as const;

export const requestTimingQuery = {
  queryKey: REQUEST_TIMING_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    adminGet<RequestTiming>('avaliacoes/configuracao/', { signal }),
};

export function saveRequestTiming(days: {
  dias_apos_entrega: number;
  dias_apos_envio: number;
}): Promise<RequestTiming> {
  return adminSend<RequestTiming>('PUT', 'avaliacoes/configuracao/', days);
}
