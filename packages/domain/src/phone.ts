/**
 * Brazilian phone with area code (DDD): (00) 0000-0000 landline or (00) 00000-0000 mobile,
 * at most 11 digits / 15 characters (SPEC §5).
 */
import { formatPhone } from '@brazilian-utils/brazilian-utils';
import { onlyDigits } from './digits';

export const PHONE_MAX_DIGITS = 11;
/** "(00) 00000-0000". */
export const PHONE_MASK_MAX_LENGTH = 15;

/** The digits of a phone, at most 11 (what is stored). */
export function phoneDigits(value: string | null | undefined): string {
  return onlyDigits(value, PHONE_MAX_DIGITS);
}

/**
 * Masks as the user types. While typing, the digits are grouped as a mobile; exactly 10 digits
 * read as a landline: "1130000000" -> "(11) 3000-0000", "11987654321" -> "(11) 98765-4321".
 */
export function maskPhone(value: string | null | undefined): string {
  // "nanp" is the library's DDD + subscriber mask; its default ("sn") would drop the DDD.
  return formatPhone(phoneDigits(value), { mask: 'nanp' });
}

/**
 * The info-edit rule (SPEC §5): the text must read exactly (DD) 0000-0000 or (DD) 00000-0000.
 * This is a shape check, as the SPEC states it; it does not judge whether the DDD exists.
 */
export function isValidPhoneFormat(value: string | null | undefined): boolean {
  return /^\(\d{2}\) \d{4,5}-\d{4}$/.test((value ?? '').trim());
}

/** 10 (landline) or 11 (mobile) digits, masked or not: the server's completeness check. */
export function isCompletePhone(value: string | null | undefined): boolean {
  const digits = onlyDigits(value);
  return digits.length === 10 || digits.length === 11;
}
