/**
 * The shared rules (packages/domain) make their Intl formatters when their modules load: a
 * price's 'R$ 1.234,56', São Paulo's calendar day, the orders' reference order. The first Intl
 * object a page makes loads the browser's locale data, 10 to 25 ms on a fast computer (four times
 * that on a phone) in the middle of the app's start, though a public page never calls three of
 * them. In the browser build (vite.config.ts `intlOnFirstUse`) each becomes `lazyIntl(kind,
 * args)`: the real formatter is made the first time it is used. And the price formatter writes
 * whole centavos itself, exactly as Intl does (lazy-intl.test.ts compares them), so a page of
 * prices needs no Intl at all.
 */
type Kind = 'NumberFormat' | 'DateTimeFormat' | 'Collator';
type Formatter = Intl.NumberFormat & Intl.DateTimeFormat & Intl.Collator;

/** The methods the domain calls on its formatters, each making the real one on first use. */
export interface LazyIntl {
  format(value: number | Date): string;
  formatToParts(value: number | Date): Intl.DateTimeFormatPart[];
  compare(a: string, b: string): number;
  resolvedOptions(): object;
}

export function lazyIntl(kind: Kind, args: unknown[]): LazyIntl {
  let real: Formatter | undefined;
  const make = (): Formatter => {
    const Constructor = Intl[kind] as unknown as new (...a: unknown[]) => Formatter;
    real ??= new Constructor(...args);
    return real;
  };
  const fast = kind === 'NumberFormat' && isBrlInCentavos(args) ? brlWithoutIntl : null;
  return {
    format: (value) =>
      (typeof value === 'number' && fast?.(value)) || make().format(value as number),
    formatToParts: (value) => make().formatToParts(value as Date),
    compare: (a, b) => make().compare(a, b),
    resolvedOptions: () => make().resolvedOptions(),
  };
}

/** new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', 2 decimal places }). */
function isBrlInCentavos([locale, options]: unknown[]): boolean {
  const o = (options ?? {}) as Intl.NumberFormatOptions;
  return (
    locale === 'pt-BR' &&
    o.style === 'currency' &&
    o.currency === 'BRL' &&
    o.minimumFractionDigits === 2 &&
    o.maximumFractionDigits === 2 &&
    Object.keys(o).length === 4
  );
}

/**
 * 1234.56 → 'R$ 1.234,56' (a no-break space after R$, as Intl writes it), for an amount of whole
 * centavos; null for anything else (-0, a fraction of a centavo, infinities), left to Intl.
 */
export function brlWithoutIntl(value: number): string | null {
  if (!Number.isFinite(value) || Object.is(value, -0)) return null;
  const cents = Math.round(value * 100);
  if (!Number.isSafeInteger(cents) || cents / 100 !== value) return null;
  const abs = Math.abs(cents);
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}R$\u00a0${reais},${String(abs % 100).padStart(2, '0')}`;
}
