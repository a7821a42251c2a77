/**
 * A guide's markdown as safe HTML for the back office's 'Ajuda'. The files are the repository's
 * own, but the page still treats them as text: raw HTML in them is shown escaped, images are
 * left out (their alt text stays), and a link is kept only to the web (http, https, mailto) or to
 * another guide, rewritten to its page in 'Ajuda'; a link to a developers' page the back office
 * does not serve becomes plain text. Headings get anchors (accents dropped), so a page can link to
 * a section: `guideHref('administracao', 'o-segundo-fator-o-codigo-do-celular')`.
 *
 * The owners' part comes first: a page of docs/admin/ has a section for the owners ('Para as
 * donas', 'Guia das donas') and one for whoever changes the code; the latter is returned apart,
 * for the page to fold away.
 */
import { Marked, type Tokens } from 'marked';
import { guideByFile, guideBySlug, guideHref } from './guides';

export interface RenderedGuide {
  /** The guide's first heading, as written. */
  title: string;
  /** The owners' part (the whole guide when it has no developers' part). */
  html: string;
  /** 'Para quem mexe no código' and what follows; null when there is none. */
  technicalHtml: string | null;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A heading's anchor: lower case, accents and punctuation dropped, spaces as hyphens. */
export function anchorOf(text: string): string {
  return text
    .toLocaleLowerCase('pt-BR')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** `target` read from the file `from` (both relative to docs/), as a path relative to docs/. */
function resolveDocPath(from: string, target: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

/** Where a link of the guide `file` may go in the back office; null: shown as text. */
export function guideLinkTarget(file: string, href: string): string | null {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  const [path = '', hash] = href.split('#', 2);
  if (path === '') return hash ? `#${anchorOf(decodeURIComponent(hash))}` : null;
  if (!path.endsWith('.md')) return null;
  const guide = guideByFile(resolveDocPath(file, path));
  if (!guide) return null;
  return guideHref(guide.slug, hash ? anchorOf(decodeURIComponent(hash)) : undefined);
}

const OWNERS_HEADING = /^##\s+(Para as donas|Guia das donas)\s*$/m;
const TECHNICAL_HEADING = /^##\s+Para quem mexe no código\s*$/m;

/**
 * One section of a guide's markdown: from the heading whose anchor is `anchor` to the next
 * heading of its level or above, without the heading itself; null when there is none.
 */
export function sectionOf(markdown: string, anchor: string): string | null {
  const lines = markdown.split('\n');
  let start = -1;
  let level = 0;
  let fenced = false;
  for (const [i, line] of lines.entries()) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})\s+(.+?)\s*$/.exec(line);
    if (!heading) continue;
    if (start >= 0 && heading[1]!.length <= level) return lines.slice(start + 1, i).join('\n');
    if (start < 0 && anchorOf(heading[2]!) === anchor) {
      start = i;
      level = heading[1]!.length;
    }
  }
  return start >= 0 ? lines.slice(start + 1).join('\n') : null;
}

/** One section of the guide `file` (sectionOf) as HTML; null when there is no such section. */
export function renderGuideSection(file: string, markdown: string, anchor: string): string | null {
  const section = sectionOf(markdown, anchor);
  return section === null ? null : (guideMarked(file).parse(section) as string);
}

/** The guide `file`'s markdown as HTML, its owners' part apart from the developers'. */
export function renderGuide(file: string, markdown: string): RenderedGuide {
  const marked = guideMarked(file);
  const titleMatch = /^#\s+(.+)$/m.exec(markdown);
  const title = titleMatch?.[1]?.trim() ?? '';
  // The title is the page's own heading: the body starts after it.
  const body = titleMatch ? markdown.slice(titleMatch.index + titleMatch[0].length) : markdown;
  const technical = TECHNICAL_HEADING.exec(body);
  const owners = OWNERS_HEADING.exec(body);
  const ownersPart = technical ? body.slice(0, technical.index) : body;
  // Their section's own heading ('Para as donas') says nothing on a page that is all theirs.
  const ownersText = owners ? ownersPart.replace(OWNERS_HEADING, '') : ownersPart;
  return {
    title,
    html: marked.parse(ownersText) as string,
    technicalHtml: technical
      ? (marked.parse(body.slice(technical.index + technical[0].length)) as string)
      : null,
  };
}

/** A markdown renderer for the guide `file` (see the header): safe HTML, links rewritten. */
function guideMarked(file: string): Marked {
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
      image(token: Tokens.Image) {
        return escapeHtml(token.text);
      },
      link(token: Tokens.Link) {
        let text = this.parser.parseInline(token.tokens);
        const target = guideLinkTarget(file, token.href);
        if (target === null) return text;
        // A bare file name ('../deploy.md') reads as the guide's title.
        const named = guideBySlug(/^\/admin\/ajuda\/([^#]+)/.exec(target)?.[1]);
        if (named && /\.md(#.*)?$/.test(token.text)) text = escapeHtml(named.title);
        const external = /^https?:/i.test(target);
        return `<a href="${escapeHtml(target)}"${
          external ? ' target="_blank" rel="noopener noreferrer"' : ''
        }>${text}</a>`;
      },
      heading(token: Tokens.Heading) {
        const base = anchorOf(token.text) || 'secao';
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen + 1}`;
        return `<h${token.depth} id="${id}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
    },
  });
  // A wide table or command scrolls sideways on a phone: keyboard users reach it too (WCAG's
  // scrollable region).
  marked.use({
    hooks: {
      postprocess: (html: string) =>
        html
          .replace(
            /<table>/g,
            '<div class="guide-table" tabindex="0" role="region" aria-label="Tabela">\n<table>',
          )
          .replace(/<\/table>/g, '</table>\n</div>')
          .replace(/<pre>/g, '<pre tabindex="0">'),
    },
  });
  return marked;
}
