/** CEP (Brazilian postal code): 8 digits, shown as 00000-000 (SPEC §5, §9). */
import { formatCep } from '@brazilian-utils/brazilian-utils';
import { onlyDigits } from './digits';

export const CEP_DIGITS = 8;
/** "00000-000": the calculate button and the address fields unlock at this length. */
export const CEP_MASK_LENGTH = 9;

/** The digits of a CEP, at most 8 (what the lookup and the shipping quote use). */
export function cepDigits(value: string | null | undefined): string {
  return onlyDigits(value, CEP_DIGITS);
}

/** Masks as the user types: "013101" -> "01310-1", "01310100" -> "01310-100". */
export function maskCep(value: string | null | undefined): string {
  return formatCep(cepDigits(value));
}

/** True when exactly 8 digits were given (mask or not); existence is the lookup's job. */
export function isCompleteCep(value: string | null | undefined): boolean {
  return /^\d{5}-?\d{3}$/.test((value ?? '').trim());
}
