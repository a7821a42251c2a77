/**
 * Password rules (SPEC §5): 8+ characters, an uppercase letter, a lowercase letter and a digit.
 * The same four rules drive the registration checklist, the reset page's chips and strength bar,
 * and the server's re-validation.
 */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRuleKey = 'length' | 'uppercase' | 'lowercase' | 'digit';

export interface PasswordRule {
  key: PasswordRuleKey;
  /** The reset page's chip text. */
  label: string;
  test: (password: string) => boolean;
}

// Letters are judged with Unicode classes, so "Ç" counts as uppercase and "ç" as lowercase;
// length counts characters (code points), not UTF-16 units.
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { key: 'length', label: '8+ caracteres', test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { key: 'uppercase', label: 'Maiúscula', test: (p) => /\p{Lu}/u.test(p) },
  { key: 'lowercase', label: 'Minúscula', test: (p) => /\p{Ll}/u.test(p) },
  { key: 'digit', label: 'Número', test: (p) => /[0-9]/.test(p) },
];

export interface PasswordCheck {
  key: PasswordRuleKey;
  label: string;
  met: boolean;
}

/** The live checklist: every rule with whether the password meets it, in display order. */
export function passwordChecklist(password: string): PasswordCheck[] {
  return PASSWORD_RULES.map((r) => ({ key: r.key, label: r.label, met: r.test(password) }));
}

export function isPasswordValid(password: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(password));
}

export type PasswordStrengthLevel = 'weak' | 'medium' | 'strong';

export interface PasswordStrength {
  level: PasswordStrengthLevel;
  label: 'Fraca' | 'Média' | 'Forte';
  /** Share of the 4 rules met: 0, 25, 50, 75 or 100. */
  percent: number;
}

/** Below 50% 'Fraca', below 75% 'Média', otherwise 'Forte' (SPEC §5). */
export function passwordStrength(password: string): PasswordStrength {
  const met = PASSWORD_RULES.filter((r) => r.test(password)).length;
  const percent = (met * 100) / PASSWORD_RULES.length;
  if (percent < 50) return { level: 'weak', label: 'Fraca', percent };
  if (percent < 75) return { level: 'medium', label: 'Média', percent };
  return { level: 'strong', label: 'Forte', percent };
}

export const RESET_FIELDS_REQUIRED = 'Por favor, preencha todos os campos.';
export const RESET_PASSWORD_WEAK = 'A senha não atende aos requisitos de segurança.';
export const PASSWORDS_DO_NOT_MATCH = 'As senhas não coincidem.';
export const RESET_TOKEN_MISSING =
  'Token de redefinição não encontrado. Verifique o link recebido por email.';

/** The reset page's checks in the SPEC §5 order; null when the form may be sent. */
export function validateResetPassword(form: {
  password: string;
  confirmPassword: string;
}): string | null {
  if (form.password === '' || form.confirmPassword === '') return RESET_FIELDS_REQUIRED;
  if (!isPasswordValid(form.password)) return RESET_PASSWORD_WEAK;
  if (form.password !== form.confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  return null;
}

/** The reset submit button is enabled only for a valid password equal to its confirmation. */
export function canSubmitReset(form: { password: string; confirmPassword: string }): boolean {
  return validateResetPassword(form) === null;
}
