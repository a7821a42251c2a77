/**
 * The back office's pages point at the guide that explains them (guides.ts): a link to a guide
 * in 'Ajuda', or — where 'Ajuda' cannot open yet (the second factor's setup comes before the back
 * office) — one section of a guide folded into the page, loaded when unfolded.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/ui/Spinner';
import { cx } from '@/ui/cx';
import { guideBySlug, guideHref, loadGuide } from './guides';

/** 'Guia: Backups': a link to a guide, at one of its sections. */
export function GuideLink({
  slug,
  anchor,
  children,
  className,
}: {
  slug: string;
  anchor?: string;
  children?: string;
  className?: string;
}) {
  const guide = guideBySlug(slug);
  return (
    <Link
      to={guideHref(slug, anchor)}
      data-testid="guide-link"
      className={cx(
        'inline-flex min-h-11 items-center text-sm font-medium text-gold-dark underline underline-offset-4 hover:text-ink focus-visible:outline-2 focus-visible:outline-gold-dark md:min-h-0',
        className,
      )}
    >
      {children ?? `Guia: ${guide?.title ?? 'Ajuda'}`}
    </Link>
  );
}

/** One section of a guide, folded under `summary`, read when she unfolds it. */
export function GuideSection({
  slug,
  anchor,
  summary,
}: {
  slug: string;
  anchor: string;
  summary: string;
}) {
  const guide = guideBySlug(slug);
  const [open, setOpen] = useState(false);
  const section = useQuery({
    queryKey: ['admin-guide-section', slug, anchor],
    queryFn: async () => {
      const [markdown, { renderGuideSection }] = await Promise.all([
        loadGuide(guide!),
        import('./render-guide'),
      ]);
      return renderGuideSection(guide!.file, markdown, anchor) ?? '';
    },
    enabled: open && guide !== undefined,
    staleTime: Infinity,
  });
  return (
    <details
      className="rounded-xl border border-line bg-white/70 px-4 py-2 text-left"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="min-h-11 cursor-pointer py-2.5 text-sm font-medium text-gold-dark">
        {summary}
      </summary>
      {section.isPending ? (
        open && (
          <div className="flex justify-center py-4">
            <Spinner label="Abrindo o guia" />
          </div>
        )
      ) : section.isError ? (
        <p className="py-2 text-sm text-ink-soft">Não foi possível abrir o guia agora.</p>
      ) : (
        <div
          className="guide pb-3 text-sm"
          data-testid="guide-section"
          dangerouslySetInnerHTML={{ __html: section.data }}
        />
      )}
    </details>
  );
}
