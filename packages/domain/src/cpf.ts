/**
 * CPF (Brazilian taxpayer number): 11 digits, the last two being check digits (SPEC §5).
 * The check-digit algorithm comes from @brazilian-utils, which also rejects the all-identical
 * numbers (000.000.000-00 … 999.999.999-99) that pass the arithmetic but are not real CPFs.
 */
import { formatCpf, isValidCpf as libIsValidCpf } from '@brazilian-utils/brazilian-utils';
import { onlyDigits } from './digits';

export const CPF_DIGITS = 11;
/** "000.000.000-00". */
export const CPF_MASK_LENGTH = 14;

/** The digits of a CPF, at most 11 (what is stored and sent to the server). */
export function cpfDigits(value: string | null | undefined): string {
  return onlyDigits(value, CPF_DIGITS);
}

/** Masks as the user types: "5299" -> "529.9", "52998224725" -> "529.982.247-25". */
export function maskCpf(value: string | null | undefined): string {
  return formatCpf(cpfDigits(value));
}

/** Valid when it has 11 digits (mask or not), both check digits match and not all are equal. */
export function isValidCpf(value: string | null | undefined): boolean {
  const digits = onlyDigits(value);
  // Only digits and the mask's punctuation are accepted; letters make it invalid.
  if (value == null || /[^\d.\-\s]/.test(value)) return false;
  return digits.length === CPF_DIGITS && libIsValidCpf(digits);
}
