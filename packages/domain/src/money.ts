/**
 * Money is kept in integer centavos everywhere (never a float in storage or arithmetic).
 * On the wire the API writes prices as decimal strings with two places ("129.90"), the way the
 * SPEC's client reads them; these helpers convert at the edges.
 */
export type Cents = number;

const brl = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 123456 -> "R$ 1.234,56" (a plain space after R$, whatever Intl puts there). */
export function formatBRL(cents: Cents): string {
  return brl.format(cents / 100).replace(/\s/u, ' ');
}

/** 12990 -> "129.90", the API's decimal string. */
export function centsToDecimal(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`centavos must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "129.90", "129,90", "129.9", 129.9 or "R$ 1.234,56" -> centavos. Returns null for anything that
 * is not a money amount, so callers decide how to report it.
 */
export function toCents(value: string | number): Cents | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? Math.round(value * 100) : null;
  }
  let text = value.trim().replace(/^R\$\s*/u, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -cents : cents;
}
