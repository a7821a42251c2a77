/**
 * Keeps only the ASCII digits of what was typed or pasted, optionally capped at `max` digits.
 * Every mask in this package starts here, so masks never grow past their SPEC §5 limits.
 */
export function onlyDigits(value: string | null | undefined, max?: number): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}
