/**
 * Her calls from the review e-mail's link (docs/reviews-contract.md, "Shopper"): her order's
 * pieces, a review of one of them, a photo. The link's token opens them, not a session: the calls
 * carry no bearer, and a 401 means the link (not a session) is no good.
 */
import {
  REVIEW_LINK_INVALID,
  REVIEW_PHOTO_INVALID,
  REVIEW_PHOTO_TOO_LARGE,
  type ReviewStatus,
} from '@semijoias/domain/reviews';
import { CONNECTION_ERROR, serverMessage } from '@semijoias/domain/messages';
import { ApiError, apiGet, apiRequest, isApiError } from '@/lib/api';

export interface OwnReviewPhoto {
  id: number;
  url: string;
}

/** Her own review, as she sent it. */
export interface OwnReview {
  id: number;
  estrelas: number;
  titulo: string | null;
  texto: string | null;
  fotos: OwnReviewPhoto[];
  status: ReviewStatus;
  /** Until the owners approve or hide it. */
  pode_editar: boolean;
}

/** One line of her order: the piece and size she bought, and her review of it. */
export interface ReviewableItem {
  linha: number;
  produto_id: number;
  nome: string;
  imagem: string | null;
  tamanho: string | null;
  avaliacao: OwnReview | null;
}

export interface ReviewableOrder {
  /** The order's reference. */
  pedido: string;
  itens: ReviewableItem[];
}

export interface ReviewSubmission {
  linha: number;
  estrelas: number;
  titulo: string | null;
  texto: string | null;
  fotos: number[];
}

/** A photo on a phone's data connection: far longer than the other calls' 30 s. */
export const PHOTO_UPLOAD_TIMEOUT_MS = 180_000;

export const reviewOrderQueryKey = (token: string) => ['avaliacoes', 'pedido', token] as const;

/** GET /api/avaliacoes/pedido/?token= */
export function reviewOrderQuery(token: string) {
  return {
    queryKey: reviewOrderQueryKey(token),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      apiGet<ReviewableOrder>('api/avaliacoes/pedido/', {
        query: { token },
        signal,
        auth: false,
      }),
    // What she types lives in the page, not here: nothing to refresh behind her back.
    staleTime: Infinity,
  };
}

/**
 * GET /api/avaliacoes/link/?pedido= with her session: the token of her own order's review link
 * (her account's 'Avaliar minhas joias'); the page then goes on exactly as from the e-mail.
 */
export function reviewLinkQuery(reference: string) {
  return {
    queryKey: ['avaliacoes', 'link', reference] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      apiGet<{ token: string }>('api/avaliacoes/link/', { query: { pedido: reference }, signal }),
    staleTime: Infinity,
  };
}

/** POST /api/avaliacoes/: her review of one line, new or edited. */
export async function submitReview(token: string, review: ReviewSubmission): Promise<OwnReview> {
  const answer = await apiRequest<{ avaliacao: OwnReview }>('api/avaliacoes/', {
    method: 'POST',
    body: { token, ...review },
    auth: false,
  });
  return answer.avaliacao;
}

/**
 * POST /api/avaliacoes/fotos/?token= with the file itself as the body (as the back office sends a
 * product's picture); the server reads it by its content, whatever its declared type.
 */
export async function uploadReviewPhoto(
  token: string,
  file: File,
  signal?: AbortSignal,
): Promise<OwnReviewPhoto> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, PHOTO_UPLOAD_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await fetch(`/api/avaliacoes/fotos/?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': file.type || 'application/octet-stream',
        },
        body: file,
        signal: controller.signal,
      });
    } catch (cause) {
      if (signal?.aborted && !timedOut) throw cause;
      throw new ApiError(0, null, 'Sem resposta do servidor', timedOut);
    }
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      data = text;
    }
    if (!response.ok) {
      throw new ApiError(response.status, data, `HTTP ${response.status} no envio da foto`);
    }
    return data as OwnReviewPhoto;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Why a photo was refused, in her words. */
export function photoErrorMessage(error: unknown): string {
  if (!isApiError(error)) return REVIEW_PHOTO_INVALID;
  if (error.isNetworkError) return CONNECTION_ERROR;
  // A 413 may come from a proxy in front of the API, without the API's words.
  if (error.status === 413) return REVIEW_PHOTO_TOO_LARGE;
  if (error.status === 401) return REVIEW_LINK_INVALID;
  return serverMessage(error.data) ?? REVIEW_PHOTO_INVALID;
}
