/**
 * The pages of the 'Avise-me' confirmation link (routes.ts): plain HTML the API serves, in
 * Portuguese, under the store's security headers (no script, no inline style). Opening the link
 * shows a button; only pressing it (a POST) confirms, so a mail scanner that opens links
 * confirms nothing.
 */
import { escapeHtml } from '@semijoias/domain/html';
import { STORE_NAME } from '../mail/index.js';
import { STOCK_ALERT_CONFIRM_INVALID, STOCK_ALERT_CONFIRMED } from './service.js';

/** The pages' stylesheet (GET /api/avise-me/estilo.css: the policy allows no inline style). */
export const CONFIRM_PAGE_STYLESHEET = `
body{margin:0;background:#faf7f2;color:#1f1a17;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e8e0d5;border-radius:1rem}
.brand{margin:0 0 1.5rem;font:600 1.5rem/1.2 Georgia,"Times New Roman",serif}
.brand small{display:block;font:600 .7rem/1.6 system-ui,sans-serif;letter-spacing:.3em;color:#8a6a3b}
h1{margin:0 0 .75rem;font:600 1.6rem/1.25 Georgia,"Times New Roman",serif}
p,form{margin:0 0 1.25rem}
button{font:inherit;font-weight:600;color:#fff;background:#1f1a17;border:0;border-radius:999px;padding:.8rem 1.8rem;min-height:44px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #8a6a3b;outline-offset:3px}
a{color:#6f5330}
@media (max-width:480px){main{margin:0;border:0;border-radius:0;min-height:100vh;box-sizing:border-box}}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(STORE_NAME)}</title>
<link rel="stylesheet" href="/api/avise-me/estilo.css">
</head>
<body>
<main>
<p class="brand">Duas Irmãs<small>SEMIJOIAS</small></p>
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
