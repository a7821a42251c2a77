/**
 * Text put into HTML or XML (a page's head, the e-mails, the sandbox payment page, the sitemap):
 * the five characters that could end an element or an attribute become entities, so a product
 * name, an address or a URL can never inject markup.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
