/** The 27 Brazilian federative units, in the order the SPEC lists them (§5 address form). */
export const STATES = [
  { code: 'AC', name: 'Acre' },
  { code: 'AL', name: 'Alagoas' },
  { code: 'AP', name: 'Amapá' },
  { code: 'AM', name: 'Amazonas' },
  { code: 'BA', name: 'Bahia' },
  { code: 'CE', name: 'Ceará' },
  { code: 'DF', name: 'Distrito Federal' },
  { code: 'ES', name: 'Espírito Santo' },
  { code: 'GO', name: 'Goiás' },
  { code: 'MA', name: 'Maranhão' },
  { code: 'MT', name: 'Mato Grosso' },
  { code: 'MS', name: 'Mato Grosso do Sul' },
  { code: 'MG', name: 'Minas Gerais' },
  { code: 'PA', name: 'Pará' },
  { code: 'PB', name: 'Paraíba' },
  { code: 'PR', name: 'Paraná' },
  { code: 'PE', name: 'Pernambuco' },
  { code: 'PI', name: 'Piauí' },
  { code: 'RJ', name: 'Rio de Janeiro' },
  { code: 'RN', name: 'Rio Grande do Norte' },
  { code: 'RS', name: 'Rio Grande do Sul' },
  { code: 'RO', name: 'Rondônia' },
  { code: 'RR', name: 'Roraima' },
  { code: 'SC', name: 'Santa Catarina' },
  { code: 'SP', name: 'São Paulo' },
  { code: 'SE', name: 'Sergipe' },
  { code: 'TO', name: 'Tocantins' },
] as const;

export type StateCode = (typeof STATES)[number]['code'];

export const STATE_CODES: readonly StateCode[] = STATES.map((s) => s.code);

/** Case-insensitive: the postal-code lookup answers "sp" or "SP" alike. */
export function isStateCode(value: string | null | undefined): boolean {
  return (STATE_CODES as readonly string[]).includes((value ?? '').trim().toUpperCase());
}

/** " sp " -> "SP"; undefined when it is not one of the 27 codes. */
export function toStateCode(value: string | null | undefined): StateCode | undefined {
  const wanted = (value ?? '').trim().toUpperCase();
  return STATE_CODES.find((c) => c === wanted);
}

export function stateName(code: string): string | undefined {
  const wanted = code.trim().toUpperCase();
  return STATES.find((s) => s.code === wanted)?.name;
}
