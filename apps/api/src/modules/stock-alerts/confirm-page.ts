/**
 * The pages of the 'Avise-me' confirmation link (routes.ts): plain HTML the API serves, in
 * Portuguese, under the store's security headers (no script, no inline style). Opening the link
 * shows a button; only pressing it (a POST) confirms, so a mail scanner that opens links
 * confirms nothing.
 */
import { escapeHtml } from '@semijoias/domain/html';
import { STORE_NAME } from '../mail/index.js';
import { STOCK_ALERT_CONFIRM_INVALID, STOCK_ALERT_CONFIRMED } from './service.js';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(STORE_NAME)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/** GET: the button that confirms (the token stays in the form's URL). */
export function confirmPage(publicUrl: string, token: string): string {
  const action = `?t=${encodeURIComponent(token)}`;
  return page(
    'Confirmar o aviso',
    `<p>Confirme para receber um e-mail quando a joia que você pediu voltar ao estoque.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Confirmar aviso</button>
</form>
<p><a href="${escapeHtml(publicUrl)}/">Voltar à loja</a></p>`,
  );
}

/** POST from the page: done (with the piece's link) or the link no longer works. */
export function confirmResultPage(publicUrl: string, pieceLink: string | null): string {
  if (pieceLink === null)
    return page(
      'Link inválido',
      `<p>${escapeHtml(STOCK_ALERT_CONFIRM_INVALID)}</p>
<p><a href="${escapeHtml(publicUrl)}/">Voltar à loja</a></p>`,
    );
  return page(
    'Aviso confirmado',
    `<p>${escapeHtml(STOCK_ALERT_CONFIRMED)}</p>
<p><a href="${escapeHtml(pieceLink)}">Ver a joia</a></p>`,
  );
}
