/**
 * Registration (SPEC §5): the client's checks in their exact order and texts, and the server's
 * re-validation of the `POST /api/users/` payload with the same rules.
 */
import { z } from 'zod';
import {
  birthdateProblem,
  MIN_BIRTH_YEAR,
  parseBirthdate,
  type BirthdateProblem,
} from './birthdate';
import { parseIsoDate, type CalendarDate } from './calendar';
import { cpfDigits, isValidCpf } from './cpf';
import { fieldErrors } from './fieldErrors';
import { isValidRegistrationEmail, normalizeEmail } from './email';
import { isPasswordValid, PASSWORDS_DO_NOT_MATCH } from './password';
import { MARKETING_CONSENT_INVALID } from './marketing';
import { isCompletePhone, phoneDigits } from './phone';

export const REGISTRATION_REQUIRED = 'Todos os campos são obrigatórios.';
export const REGISTRATION_EMAIL_INVALID = 'E-mail inválido.';
export const REGISTRATION_PASSWORDS_DIFFER = PASSWORDS_DO_NOT_MATCH;
export const REGISTRATION_PASSWORD_WEAK = 'A senha não atende aos requisitos.';
export const REGISTRATION_CPF_INVALID = 'CPF inválido.';
export const REGISTRATION_BIRTHDATE_FORMAT =
  'Data de nascimento inválida. Utilize o formato dd/mm/aaaa.';
export const REGISTRATION_BIRTHDATE_FUTURE = 'Data de nascimento inválida.';
export const REGISTRATION_TOO_YOUNG = 'Você precisa ter no mínimo 14 anos.';
/** Server only (the SPEC's form has no phone rule beyond its mask): 10 or 11 digits. */
export const REGISTRATION_PHONE_INVALID = 'Telefone inválido.';
export const REGISTRATION_NAME_TOO_LONG = 'Nome muito longo.';
export const REGISTRATION_EMAIL_TOO_LONG = 'E-mail muito longo.';
export const REGISTRATION_PASSWORD_TOO_LONG = 'A senha deve ter no máximo 128 caracteres.';

/** Storage limits (server hardening, not in the SPEC): bounded rows and bounded hashing work. */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;

const BIRTHDATE_MESSAGES: Record<BirthdateProblem, string> = {
  format: REGISTRATION_BIRTHDATE_FORMAT,
  future: REGISTRATION_BIRTHDATE_FUTURE,
  'too-young': REGISTRATION_TOO_YOUNG,
};

/** The registration form as typed (birthdate dd/mm/yyyy, masks included). */
export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  cpf: string;
  birthdate: string;
  password: string;
  confirmPassword: string;
}

const filled = (v: string | null | undefined): boolean => (v ?? '').trim() !== '';

/**
 * The FIRST failing rule's message, in SPEC §5 order (1 required … 8 minimum age), or null when
 * the form may be sent. `today` is São Paulo's day (see calendar.todayInSaoPaulo).
 */
export function validateRegistration(form: RegistrationForm, today: CalendarDate): string | null {
  const fields = [
    form.firstName,
    form.lastName,
    form.email,
    form.phone,
    form.cpf,
    form.birthdate,
    form.password,
    form.confirmPassword,
  ];
  if (!fields.every(filled)) return REGISTRATION_REQUIRED;
  if (!isValidRegistrationEmail(form.email)) return REGISTRATION_EMAIL_INVALID;
  if (form.password !== form.confirmPassword) return REGISTRATION_PASSWORDS_DIFFER;
  if (!isPasswordValid(form.password)) return REGISTRATION_PASSWORD_WEAK;
  if (!isValidCpf(form.cpf)) return REGISTRATION_CPF_INVALID;
  const problem = birthdateProblem(parseBirthdate(form.birthdate), today);
  return problem ? BIRTHDATE_MESSAGES[problem] : null;
}

// ---------------------------------------------------------------------------------------------
// Server side: POST /api/users/ {firstName, lastName, password, email, phone, cpf, birthdate}
// ---------------------------------------------------------------------------------------------

/** The payload's birth date is yyyy-mm-dd; the same floor year as the form applies. */
function parsePayloadBirthdate(iso: string): CalendarDate | null {
  const d = parseIsoDate(iso);
  return d && d.year >= MIN_BIRTH_YEAR ? d : null;
}

const requiredText = () =>
  // abort: an empty field reports "required" only, not also "invalid".
  z
    .string({ error: REGISTRATION_REQUIRED })
    .trim()
    .min(1, { error: REGISTRATION_REQUIRED, abort: true });

/**
 * Zod schema of the registration payload, with Portuguese messages per field. It is a factory
 * because the age rule needs today's date (São Paulo's), which the server passes per request.
 * The password is not trimmed: spaces are characters the user chose.
 */
export function registrationPayloadSchema(today: CalendarDate) {
  return z.object(
    {
      firstName: requiredText().max(NAME_MAX_LENGTH, {
        error: REGISTRATION_NAME_TOO_LONG,
        abort: true,
      }),
      lastName: requiredText().max(NAME_MAX_LENGTH, {
        error: REGISTRATION_NAME_TOO_LONG,
        abort: true,
      }),
      email: requiredText()
        .max(EMAIL_MAX_LENGTH, { error: REGISTRATION_EMAIL_TOO_LONG, abort: true })
        .refine(isValidRegistrationEmail, { error: REGISTRATION_EMAIL_INVALID }),
      password: z
        .string({ error: REGISTRATION_REQUIRED })
        .min(1, { error: REGISTRATION_REQUIRED, abort: true })
        .max(PASSWORD_MAX_LENGTH, { error: REGISTRATION_PASSWORD_TOO_LONG, abort: true })
        .refine(isPasswordValid, { error: REGISTRATION_PASSWORD_WEAK }),
      phone: requiredText().refine(isCompletePhone, { error: REGISTRATION_PHONE_INVALID }),
      cpf: requiredText().refine(isValidCpf, { error: REGISTRATION_CPF_INVALID }),
      birthdate: requiredText().superRefine((value, ctx) => {
        const problem = birthdateProblem(parsePayloadBirthdate(value), today);
        if (problem) ctx.addIssue({ code: 'custom', message: BIRTHDATE_MESSAGES[problem] });
      }),
      // LGPD: she agrees to offers by e-mail only by ticking the box; absent is no.
      aceita_marketing: z.boolean({ error: MARKETING_CONSENT_INVALID }).optional(),
    },
    // A body that is not an object at all has every field missing.
    { error: REGISTRATION_REQUIRED },
  );
}

export type RegistrationPayload = z.infer<ReturnType<typeof registrationPayloadSchema>>;

/** What the server stores: digits only for CPF and phone, trimmed names, lower-case e-mail. */
export interface NormalizedRegistration {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  cpf: string;
  /** yyyy-mm-dd. */
  birthdate: string;
  password: string;
  /** She ticked 'Quero receber novidades e ofertas por e-mail'. */
  marketingOptIn: boolean;
}

export function normalizeRegistration(payload: RegistrationPayload): NormalizedRegistration {
  return {
    firstName: payload.firstName.trim(),
    lastName: payload.lastName.trim(),
    email: normalizeEmail(payload.email),
    phone: phoneDigits(payload.phone),
    cpf: cpfDigits(payload.cpf),
    birthdate: payload.birthdate.trim(),
    password: payload.password,
    marketingOptIn: payload.aceita_marketing === true,
  };
}

export type RegistrationPayloadResult =
  | { ok: true; value: NormalizedRegistration }
  | {
      ok: false;
      /** The single message to answer with, chosen in the client's order (SPEC §5). */
      message: string;
      /** Every field's messages: `errors: {field: [messages]}`. */
      errors: Record<string, string[]>;
    };

/** Fields in the order their messages take priority, after the "all required" rule. */
const PAYLOAD_MESSAGE_ORDER = [
  'email',
  'password',
  'cpf',
  'birthdate',
  'phone',
  'firstName',
  'lastName',
  'aceita_marketing',
];

/**
 * Validates an untrusted payload. On failure `message` is what the client would have said first:
 * any missing field gives 'Todos os campos são obrigatórios.', then e-mail, password, CPF, birth
 * date (format, future, age), then the server-only checks.
 */
export function validateRegistrationPayload(
  payload: unknown,
  today: CalendarDate,
): RegistrationPayloadResult {
  const parsed = registrationPayloadSchema(today).safeParse(payload);
  if (parsed.success) return { ok: true, value: normalizeRegistration(parsed.data) };
  const errors = fieldErrors(parsed.error);
  const all = Object.values(errors).flat();
  const message = all.includes(REGISTRATION_REQUIRED)
    ? REGISTRATION_REQUIRED
    : (PAYLOAD_MESSAGE_ORDER.map((f) => errors[f]?.[0]).find((m) => m !== undefined) ??
      all[0] ??
      REGISTRATION_REQUIRED);
  return { ok: false, message, errors };
}
