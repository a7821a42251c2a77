/**
 * Where a test's outside services are when the test did not arrange them, and what each outside
 * address is called in the guard's message (test/outside-calls.ts). No side effects: helpers.ts
 * and the guard both import it.
 *
 * testConfig() points ViaCEP, PagBank, Mercado Pago and Melhor Envio at a closed local port (9, "discard"), each
 * on its own path so that a call there names its service. Nothing listens on it: a call that
 * slipped past the guard would still be refused at once rather than wait on the internet.
 */
/** The closed local port of the unarranged services. */
export const UNARRANGED_PORT = 9;

/**
 * testConfig()'s VIACEP_URL, PAGBANK_API_URL, MERCADOPAGO_API_URL and MELHORENVIO_API_URL: a test that needs them
 * starts its fake.
 */
export const UNARRANGED_URLS = {
  viacep: `http://127.0.0.1:${UNARRANGED_PORT}/nao-preparado/viacep`,
  pagbank: `http://127.0.0.1:${UNARRANGED_PORT}/nao-preparado/pagbank`,
  mercadopago: `http://127.0.0.1:${UNARRANGED_PORT}/nao-preparado/mercadopago`,
  melhorenvio: `http://127.0.0.1:${UNARRANGED_PORT}/nao-preparado/melhorenvio`,
} as const;

const NAMES: Record<string, string> = {
  viacep: 'ViaCEP',
  pagbank: 'PagBank',
  mercadopago: 'Mercado Pago',
  melhorenvio: 'Melhor Envio',
  smtp: 'SMTP',
};

/** The service an outside address belongs to, for the guard's message. */
export function serviceOf(url: URL): string {
  const unarranged = /^\/nao-preparado\/([\w-]+)/.exec(url.pathname)?.[1];
  if (unarranged) return NAMES[unarranged] ?? unarranged;
  const host = url.hostname.toLowerCase();
  if (/(^|\.)viacep\.com\.br$/.test(host)) return 'ViaCEP';
  if (/(^|\.)(pagseguro|pagbank)\b/.test(host)) return 'PagBank';
  if (/(^|\.)(mercadopago|mercadolibre|mercadolivre)\b/.test(host)) return 'Mercado Pago';
  if (/(^|\.)melhorenvio\.com\.br$/.test(host)) return 'Melhor Envio';
  if (url.protocol === 'smtp:' || url.protocol === 'smtps:') return 'SMTP';
  return host || url.protocol.replace(/:$/, '');
}

/** This machine: localhost, 127.0.0.0/8, ::1 (config.ts's isLoopbackHost, and 0.0.0.0). */
function isThisMachine(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * Whether a destination is one no test arranged: the unarranged port on this machine, or any
 * other machine. Everything else on this machine (the fakes tests start on free ports, the app
 * under test) is arranged. `allowed` lists `host:port` a run arranged outside this machine (the
 * PostgreSQL of TEST_DATABASE_URL).
 */
export function isUnarranged(host: string, port: number, allowed: readonly string[] = []): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isThisMachine(bare)) return port === UNARRANGED_PORT;
  return !allowed.includes(`${bare}:${port}`);
}
