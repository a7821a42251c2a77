/**
 * /admin/ajuda: the owners' guides, in Portuguese, served by the store itself (guides.ts): the
 * list, and one guide rendered (render-guide.ts) with its owners' part first and the part for
 * whoever changes the code folded away. A link to another guide stays in the back office.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useParams, useRoutes } from 'react-router';
import { EmptyState } from '@/ui/EmptyState';
import { ChevronRightIcon } from '@/ui/icons';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { GUIDES, guideBySlug, loadGuide, type Guide } from './guides';
import { renderGuide } from './render-guide';

export function HelpPage() {
  return useRoutes([
    { index: true, element: <GuideList /> },
    { path: ':slug', element: <GuidePage /> },
  ]);
}

function GuideList() {
  return (
    <>
      <AdminPageHeader
        title="Ajuda"
        description="Os guias da loja, escritos para vocês: como cada parte da administração funciona e o que fazer quando algo sai do normal."
      />
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Guias">
        {GUIDES.map((guide) => (
          <li key={guide.slug}>
            <Link
              to={guide.slug}
              className="flex h-full items-center gap-3 rounded-2xl border border-line bg-white px-4 py-4 shadow-soft transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark sm:px-5"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-display text-lg font-semibold text-ink">
                  {guide.title}
                </span>
                <span className="mt-0.5 block text-sm text-ink-soft">{guide.summary}</span>
              </span>
              <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-gold-dark" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function GuidePage() {
  const guide = guideBySlug(useParams().slug);
  if (!guide) {
    return (
      <EmptyState title="Guia não encontrado">
        Este guia não existe.{' '}
        <Link to="/admin/ajuda" className="font-medium text-gold-dark underline">
          Ver todos os guias
        </Link>
      </EmptyState>
    );
  }
  return <GuideView key={guide.slug} guide={guide} />;
}

function GuideView({ guide }: { guide: Guide }) {
  const source = useQuery({
    queryKey: ['admin-guide', guide.slug],
    queryFn: () => loadGuide(guide),
    staleTime: Infinity,
  });
  const rendered = useMemo(
    () => (source.data === undefined ? null : renderGuide(guide.file, source.data)),
    [guide.file, source.data],
  );
  const navigate = useNavigate();
  const { hash } = useLocation();
  const body = useRef<HTMLDivElement>(null);

  // A link to a section (from another page, or the guide's own) scrolls to it once it is there.
  useEffect(() => {
    if (!rendered || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const details = target.closest('details');
    if (details) details.open = true;
    target.scrollIntoView({ block: 'start' });
  }, [rendered, hash]);

  // The guide's links to the back office move within it, without reloading the page.
  const followInside = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target === '_blank') return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (!href.startsWith('/admin/') && !href.startsWith('#')) return;
    event.preventDefault();
    void navigate(href.startsWith('#') ? { hash: href } : href);
  };

  return (
    <>
      <nav aria-label="Trilha" className="mb-2 text-sm">
        <Link
          to="/admin/ajuda"
          className="font-medium text-gold-dark underline-offset-4 hover:underline"
        >
          Ajuda
        </Link>
        <span aria-hidden="true" className="px-1.5 text-muted">
          /
        </span>
        <span className="text-ink-soft">{guide.title}</span>
      </nav>
      <AdminPageHeader title={guide.title} description={guide.summary} />
      {source.isPending ? (
        <AdminLoading label="Abrindo o guia" />
      ) : source.isError || !rendered ? (
        <AdminLoadError error={source.error} onRetry={() => void source.refetch()} />
      ) : (
        <article
          ref={body}
          onClick={followInside}
          data-testid="guide"
          className="rounded-2xl border border-line bg-white px-4 py-5 shadow-soft sm:px-8 sm:py-7"
        >
          <div className="guide" dangerouslySetInnerHTML={{ __html: rendered.html }} />
          {rendered.technicalHtml && (
            <details className="mt-8 rounded-xl border border-line bg-cream/40 px-4 py-3">
              <summary className="min-h-11 cursor-pointer py-2 font-medium text-ink-soft">
                Detalhes técnicos (para quem cuida do código e do servidor)
              </summary>
              <div
                className="guide guide-technical mt-2"
                dangerouslySetInnerHTML={{ __html: rendered.technicalHtml }}
              />
            </details>
          )}
        </article>
      )}
      <p className="mt-6 text-sm">
        <Link
          to="/admin/ajuda"
          className="font-medium text-gold-dark underline-offset-4 hover:underline"
        >
          ← Todos os guias
        </Link>
      </p>
    </>
  );
}
