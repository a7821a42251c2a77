import type { ReactNode } from 'react';

/** The frame of the account pages: a centred card on cream paper, serif title, gold eyebrow. */
export function AuthCard({
  eyebrow,
  title,
  intro,
  children,
  wide = false,
}: {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="bg-gradient-to-b from-cream/70 to-ivory">
      <div className="container-page py-8 sm:py-14">
        <div
          className={`mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-3xl border border-line bg-ivory px-5 py-8 shadow-soft sm:px-10 sm:py-10`}
        >
          <header className="mb-7 text-center">
            <p className="eyebrow mb-2">{eyebrow}</p>
            <h1 className="font-display text-[2.1rem] font-semibold leading-tight text-ink sm:text-4xl">
              {title}
            </h1>
            {intro && (
              <div className="mx-auto mt-3 max-w-sm text-[0.95rem] leading-relaxed text-muted">
                {intro}
              </div>
            )}
          </header>
          {children}
        </div>
      </div>
    </div>
  );
}
