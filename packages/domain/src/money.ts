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
  // `|| 0` turns -0 into 0: Intl would otherwise print "-R$ 0,00".
  return brl.format(cents / 100 || 0).replace(/\s/u, ' ');
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
  if (typeof value === 'number') return numberToCents(value);
  let text = value.trim().replace(/^R\$\s*/u, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  // No -0: "-0,00" is zero.
  return text.startsWith('-') && cents !== 0 ? -cents : cents;
}

/**
 * A number of reais -> centavos, rounded half away from zero on the decimal digits the number
 * prints as. `Math.round(1.005 * 100)` gives 100 because 1.005 * 100 is 100.49999…; reading the
 * decimal expansion instead gives the 101 a person expects.
 */
function numberToCents(value: number): Cents | null {
  if (!Number.isFinite(value)) return null;
  const abs = Math.abs(value);
  let cents: number;
  if (abs >= 1e15) {
    cents = Math.round(abs * 100);
  } else {
    const [whole = '0', fraction = ''] = abs.toFixed(6).split('.');
    cents =
      Number(whole) * 100 +
      Number(fraction.slice(0, 2)) +
      (Number(fraction[2] ?? '0') >= 5 ? 1 : 0);
  }
  return value < 0 && cents !== 0 ? -cents : cents;
}
