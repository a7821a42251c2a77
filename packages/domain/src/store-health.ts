/**
 * 'Saúde da loja' (docs/admin/health.md): what each item of the owners' health page means, its
 * colour rules and its words. Pure: the API gathers the facts (backups on disk, the outbox, refused
 * notifications, the outside services) and these functions say what they mean for two owners who
 * are not engineers. The working-day rule of the unshipped orders is here too.
 */
import { type CalendarDate, todayInSaoPaulo } from './calendar';
import { saoPauloWallTime } from './dates';

export const HEALTH_STATES = ['verde', 'amarelo', 'vermelho'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/**
 * The word shown beside each colour: the colour is never the only signal (a colour-blind owner,
 * a black-and-white print, a screen reader).
 */
export const HEALTH_STATE_LABEL: Record<HealthState, string> = {
  verde: 'Tudo certo',
  amarelo: 'Atenção',
  vermelho: 'Problema',
};

/** The items of the page, in its order (`chave` in the API). The version has no colour: apart. */
export const HEALTH_ITEM_KEYS = [
  'backup',
  'emails',
  'notificacoes_recusadas',
  'pedidos_sem_envio',
  'provedor_pagamento',
  'frete',
  'servidor_email',
  'banco_de_dados',
  'espaco_em_disco',
] as const;
export type HealthItemKey = (typeof HEALTH_ITEM_KEYS)[number];

export const HEALTH_ITEM_TITLES: Record<HealthItemKey, string> = {
  backup: 'Último backup',
  emails: 'E-mails da loja',
  notificacoes_recusadas: 'Avisos de pagamento recusados',
  pedidos_sem_envio: 'Pedidos pagos sem envio',
  provedor_pagamento: 'Provedor de pagamento',
  frete: 'Cotações de frete (Melhor Envio)',
  servidor_email: 'Servidor de e-mail',
  banco_de_dados: 'Banco de dados',
  espaco_em_disco: 'Espaço em disco',
};

/** One item's verdict: its colour, what was found and, when not green, what to do. */
export interface HealthVerdict {
  estado: HealthState;
  detalhe: string;
  /** Empty when green. */
  o_que_fazer: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MB = 1024 * 1024;
const GB = 1024 * MB;

/** The health page's thresholds (docs/admin/health.md), named once. */
export const HEALTH_LIMITS = {
  /** A backup older than this is red whatever the schedule says. */
  backupRedAfterMs: 3 * DAY_MS,
  /** With the schedule off (BACKUP_EVERY_HOURS=0), a backup this recent is still green. */
  backupRecentWithoutScheduleMs: 2 * DAY_MS,
  /** An e-mail waiting longer than this to leave is yellow. */
  emailWaitingMs: 30 * 60 * 1000,
  /**
   * An e-mail given up (every retry failed) is red for this long after it was given up, so the
   * item turns green again once mail flows (docs/admin/health.md).
   */
  emailFailedWindowMs: DAY_MS,
  /** Refused payment notifications are counted over this window. */
  refusedWindowMs: DAY_MS,
  refusedYellowFrom: 1,
  refusedRedFrom: 10,
  /** Paid orders must leave within this many working days. */
  shippingWorkingDays: 2,
  diskYellowUnderBytes: 2 * GB,
  diskRedUnderBytes: 500 * MB,
} as const;

const green = (detalhe: string): HealthVerdict => ({ estado: 'verde', detalhe, o_que_fazer: '' });

/** 'há 5 minutos', 'há 3 horas', 'há 2 dias' (rounded down, never 'há 0'). */
export function formatAge(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `há ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `há ${hours} ${hours === 1 ? 'hora' : 'horas'}`;
  return `há ${Math.floor(hours / 24)} dias`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '23/11 às 14:05' on São Paulo's clock. */
export function formatShortMoment(at: Date): string {
  const t = saoPauloWallTime(at);
  return `${pad(t.day)}/${pad(t.month)} às ${pad(t.hour)}:${pad(t.minute)}`;
}

/** '1,4 GB', '320 MB'. */
export function formatFreeSpace(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1).replace('.', ',')} GB`;
  return `${Math.floor(bytes / MB)} MB`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// ------------------------------------------------------------------------------ Último backup

const MAKE_BACKUP_NOW = 'Faça um backup agora na seção Backups do painel.';

export function backupHealth(input: {
  /** The newest backup's time; null when there is none. */
  newestAt: Date | null;
  /** BACKUP_EVERY_HOURS; 0 when the schedule is off. */
  everyHours: number;
  now: Date;
}): HealthVerdict {
  const { newestAt, everyHours, now } = input;
  const age = newestAt ? now.getTime() - newestAt.getTime() : null;
  const when = newestAt && age !== null ? `${formatAge(age)} (${formatShortMoment(newestAt)})` : '';
  if (everyHours === 0) {
    // The operator turned the schedule off (perhaps for a nightly job of the host): an old
    // backup is said in yellow, since that job may be late, but a store with no backup at all
    // has nothing to come back to whoever chose it, so it is red (and e-mails the owners).
    const turnOn =
      'Peça a quem cuida do servidor para ligar os backups automáticos (BACKUP_EVERY_HOURS).';
    if (age === null)
      return {
        estado: 'vermelho',
        detalhe: 'Os backups automáticos estão desligados e não há nenhum backup da loja.',
        o_que_fazer: `${MAKE_BACKUP_NOW} ${turnOn}`,
      };
    if (age <= HEALTH_LIMITS.backupRecentWithoutScheduleMs)
      return green(`Backups automáticos desligados; o último foi feito ${when}.`);
    return {
      estado: 'amarelo',
      detalhe: `Os backups automáticos estão desligados; o último foi feito ${when}.`,
      o_que_fazer: `${MAKE_BACKUP_NOW} ${turnOn}`,
    };
  }
  const schedule = `Um novo backup é feito a cada ${plural(everyHours, 'hora', 'horas')}.`;
  if (age === null)
    return {
      estado: 'vermelho',
      detalhe: 'Nenhum backup da loja foi feito até agora.',
      o_que_fazer: `${MAKE_BACKUP_NOW} Se ele não ficar pronto, avise quem cuida do servidor.`,
    };
  if (age > HEALTH_LIMITS.backupRedAfterMs)
    return {
      estado: 'vermelho',
      detalhe: `O último backup foi feito ${when}. ${schedule}`,
      o_que_fazer: `${MAKE_BACKUP_NOW} Avise quem cuida do servidor: os backups automáticos pararam.`,
    };
  if (age > 2 * everyHours * HOUR_MS)
    return {
      estado: 'amarelo',
      detalhe: `O último backup foi feito ${when}. ${schedule}`,
      o_que_fazer: `${MAKE_BACKUP_NOW} Se o próximo também atrasar, avise quem cuida do servidor.`,
    };
  return green(`O último backup foi feito ${when}. ${schedule}`);
}

// ------------------------------------------------------------------------------ E-mails

export function emailsHealth(input: {
  /** E-mails given up (every retry failed) within the last HEALTH_LIMITS.emailFailedWindowMs. */
  failedRecently: number;
  /** E-mails not sent yet, waiting longer than HEALTH_LIMITS.emailWaitingMs. */
  waitingLong: number;
  /** When the oldest of those was written. */
  oldestWaitingSince: Date | null;
  now: Date;
}): HealthVerdict {
  if (input.failedRecently > 0)
    return {
      estado: 'vermelho',
      detalhe:
        `${plural(input.failedRecently, 'e-mail não pôde ser entregue', 'e-mails não puderam ser entregues')} ` +
        'nas últimas 24 horas, mesmo depois de a loja tentar por cerca de dois dias.',
      o_que_fazer:
        'Clientes podem não ter recebido confirmações de pedido ou de cadastro: confira os pedidos ' +
        'recentes e fale com elas pelo WhatsApp se preciso. Peça a quem cuida do servidor para ' +
        'conferir o servidor de e-mail (SMTP_URL).',
    };
  if (input.waitingLong > 0) {
    const since = input.oldestWaitingSince
      ? ` O mais antigo entrou na fila ${formatAge(input.now.getTime() - input.oldestWaitingSince.getTime())}.`
      : '';
    return {
      estado: 'amarelo',
      detalhe: `${plural(input.waitingLong, 'e-mail espera', 'e-mails esperam')} para sair há mais de 30 minutos.${since}`,
      o_que_fazer:
        'A loja continua tentando enviar sozinha. Se não melhorar em algumas horas, peça a quem ' +
        'cuida do servidor para conferir o servidor de e-mail.',
    };
  }
  return green('Os e-mails da loja estão saindo normalmente.');
}

// ------------------------------------------------------------------------------ Avisos recusados

/** Why a payment notification was refused (`refused_payment_notifications.reason`). */
export type RefusedNotificationReason = 'assinatura' | 'pedido_desconhecido' | 'invalida';

const REASON_TEXT: Record<RefusedNotificationReason, [string, string]> = {
  assinatura: ['com assinatura inválida', 'com assinatura inválida'],
  pedido_desconhecido: ['de pedido desconhecido', 'de pedido desconhecido'],
  invalida: ['ilegível', 'ilegíveis'],
};

export function refusedNotificationsHealth(
  counts: Partial<Record<RefusedNotificationReason, number>>,
): HealthVerdict {
  const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
  if (total < HEALTH_LIMITS.refusedYellowFrom)
    return green('Nenhum aviso de pagamento foi recusado nas últimas 24 horas.');
  const parts = (Object.keys(REASON_TEXT) as RefusedNotificationReason[])
    .filter((r) => (counts[r] ?? 0) > 0)
    .map((r) => `${counts[r]} ${REASON_TEXT[r][counts[r] === 1 ? 0 : 1]}`);
  const detalhe =
    `${plural(total, 'aviso de pagamento foi recusado', 'avisos de pagamento foram recusados')} ` +
    `nas últimas 24 horas (${parts.join(', ')}). Nenhum pedido mudou por causa deles.`;
  if (total >= HEALTH_LIMITS.refusedRedFrom)
    return {
      estado: 'vermelho',
      detalhe,
      o_que_fazer:
        'Alguém pode estar enviando avisos falsos de pagamento, ou o token do provedor mudou. ' +
        'Antes de enviar um pedido, confira no painel do provedor de pagamento que ele foi pago. ' +
        'Peça a quem cuida do servidor para conferir o token do provedor (PAGBANK_TOKEN).',
    };
  return {
    estado: 'amarelo',
    detalhe,
    o_que_fazer:
      'Um aviso isolado não é grave. Se aparecerem outros, peça a quem cuida do servidor para ' +
      'conferir o token do provedor de pagamento (PAGBANK_TOKEN).',
  };
}

// ------------------------------------------------------------------------------ Pedidos sem envio

export function unshippedOrdersHealth(overdue: number): HealthVerdict {
  if (overdue === 0) return green('Nenhum pedido pago espera o envio há mais de dois dias úteis.');
  return {
    estado: 'amarelo',
    detalhe: `${plural(overdue, 'pedido pago espera', 'pedidos pagos esperam')} o envio há mais de dois dias úteis.`,
    o_que_fazer:
      "Abra Pedidos, veja os pedidos 'Pedido Pago' e 'Em andamento', envie-os e informe o código " +
      'de rastreio (a cliente recebe um e-mail).',
  };
}

// ------------------------------------------------------------------------------ Provedor de pagamento

/** What asking the provider gave (integrations/payments/provider.ts). */
export type ProviderCheck = 'ok' | 'unreachable' | 'credentials_refused' | 'not_checked';

/**
 * What the carriers' quotes look like now (issue 35): off or not set up (the table quotes, as the
 * store always did), set up but missing a piece, or asked and answering (or not).
 */
export type CarrierQuotesCheck =
  | { kind: 'desligado' }
  | { kind: 'sem-token' }
  | { kind: 'token-ilegivel' }
  | { kind: 'incompleto'; missing: 'cep' | 'servicos' }
  | { kind: 'respondeu' }
  | { kind: 'falhou'; reason: 'token-invalido' | 'sem-permissao' | 'indisponivel' | 'outro' };

const TABLE_NOTE = 'Enquanto isso, o frete é calculado pela tabela da loja (por região do CEP).';

export function carrierQuotesHealth(check: CarrierQuotesCheck): HealthVerdict {
  switch (check.kind) {
    case 'desligado':
      return green(
        'Cotações do Melhor Envio desligadas na página Frete: o frete vem da tabela da loja.',
      );
    case 'sem-token':
      return green(
        'O frete vem da tabela da loja. Para cotar Correios e transportadoras, salve um token do Melhor Envio na página Frete.',
      );
    case 'token-ilegivel':
      return {
        estado: 'amarelo',
        detalhe:
          'O token do Melhor Envio salvo não pode ser lido neste servidor (backup restaurado em outro servidor?).',
        o_que_fazer: `Cole o token de novo na página Frete. ${TABLE_NOTE}`,
      };
    case 'incompleto':
      return {
        estado: 'amarelo',
        detalhe:
          check.missing === 'cep'
            ? 'Falta o CEP de origem (de onde as encomendas saem) na página Frete.'
            : 'Nenhum serviço de entrega está marcado na página Frete.',
        o_que_fazer: `Complete a página Frete e clique em "Testar conexão". ${TABLE_NOTE}`,
      };
    case 'respondeu':
      return green('O Melhor Envio respondeu: as clientes escolhem entre as opções de entrega.');
    case 'falhou':
      return {
        estado: 'vermelho',
        detalhe:
          check.reason === 'token-invalido'
            ? 'O Melhor Envio recusou o token da loja (inválido ou vencido).'
            : check.reason === 'sem-permissao'
              ? 'O token do Melhor Envio não tem as permissões necessárias.'
              : 'A loja não conseguiu falar com o Melhor Envio.',
        o_que_fazer:
          check.reason === 'token-invalido' || check.reason === 'sem-permissao'
            ? `Gere um novo token no painel do Melhor Envio (com as permissões de cotação e etiquetas) e salve-o na página Frete. ${TABLE_NOTE}`
            : `Se continuar por mais de alguns minutos, veja o status do Melhor Envio e clique em "Testar conexão" na página Frete. ${TABLE_NOTE}`,
      };
  }
}

export function paymentProviderHealth(input: {
  /** 'sandbox' | 'pagbank' | 'mercadopago'. */
  provider: string;
  check: ProviderCheck;
}): HealthVerdict {
  if (input.provider === 'sandbox')
    return green(
      'Pagamentos de teste (sandbox), atendidos pela própria loja: nenhum pagamento é real.',
    );
  const name =
    input.provider === 'pagbank'
      ? 'PagBank'
      : input.provider === 'mercadopago'
        ? 'Mercado Pago'
        : input.provider;
  const token =
    input.provider === 'mercadopago'
      ? 'MERCADOPAGO_ACCESS_TOKEN) no painel do Mercado Pago'
      : 'PAGBANK_TOKEN) no painel do PagBank';
  if (input.check === 'ok') return green(`O ${name} respondeu à loja.`);
  if (input.check === 'credentials_refused')
    return {
      estado: 'vermelho',
      detalhe: `O ${name} respondeu, mas recusou o token da loja.`,
      o_que_fazer:
        'Sem o token certo nenhuma cliente consegue pagar. Peça a quem cuida do servidor para ' +
        `conferir o token do provedor (${token}.`,
    };
  if (input.check === 'not_checked')
    return {
      estado: 'amarelo',
      detalhe: `A loja não tem como verificar o ${name}.`,
      o_que_fazer: 'Avise quem cuida do servidor.',
    };
  return {
    estado: 'vermelho',
    detalhe: `A loja não conseguiu falar com o ${name}.`,
    o_que_fazer:
      'As clientes podem não conseguir pagar agora. Se continuar por mais de alguns minutos, ' +
      'avise quem cuida do servidor; os pedidos já pagos não se perdem.',
  };
}

// ------------------------------------------------------------------------------ Servidor de e-mail

/** What asking the mailer gave (modules/mail/mailer.ts). */
export type MailServerCheck = 'ok' | 'unreachable' | 'files' | 'not_checked';

export function mailServerHealth(input: {
  check: MailServerCheck;
  production: boolean;
}): HealthVerdict {
  switch (input.check) {
    case 'ok':
      return green('O servidor de e-mail respondeu à loja.');
    case 'files':
      // Without SMTP_URL nothing leaves the server: fine on a laptop, not for a store online.
      return input.production
        ? {
            estado: 'amarelo',
            detalhe:
              'Não há servidor de e-mail configurado: os e-mails ficam gravados em arquivos no ' +
              'servidor e não chegam às clientes.',
            o_que_fazer:
              'Peça a quem cuida do servidor para configurar o servidor de e-mail (SMTP_URL e MAIL_FROM).',
          }
        : green(
            'Fora de produção os e-mails ficam gravados em arquivos no servidor (pasta outbox).',
          );
    case 'not_checked':
      return {
        estado: 'amarelo',
        detalhe: 'A loja não tem como verificar o servidor de e-mail.',
        o_que_fazer: 'Avise quem cuida do servidor.',
      };
    case 'unreachable':
      return {
        estado: 'vermelho',
        detalhe: 'O servidor de e-mail não respondeu ou recusou a conexão da loja.',
        o_que_fazer:
          'Os e-mails esperam na fila e saem sozinhos quando ele voltar (a loja tenta por cerca ' +
          'de dois dias). Se continuar por mais de uma hora, avise quem cuida do servidor.',
      };
  }
}

// ------------------------------------------------------------------------------ Banco de dados

export function databaseHealth(input: { embedded: boolean; production: boolean }): HealthVerdict {
  if (!input.embedded) return green('A loja usa um banco PostgreSQL.');
  if (!input.production)
    return green('A loja usa o banco embutido (PGlite), bom para testes e para experimentar.');
  return {
    estado: 'amarelo',
    detalhe:
      'A loja usa o banco embutido (PGlite) em produção: serve uma única instância pequena e é ' +
      'menos seguro contra uma queda de energia.',
    o_que_fazer:
      'Faça backups com frequência e peça a quem cuida do servidor para passar a loja a um ' +
      'PostgreSQL (DATABASE_URL).',
  };
}

// ------------------------------------------------------------------------------ Espaço em disco

export function diskHealth(freeBytes: number): HealthVerdict {
  const detalhe = `Restam ${formatFreeSpace(freeBytes)} livres onde a loja grava os seus arquivos e backups.`;
  if (freeBytes < HEALTH_LIMITS.diskRedUnderBytes)
    return {
      estado: 'vermelho',
      detalhe,
      o_que_fazer:
        'Com o disco cheio a loja para de fazer backups e pode parar de vender. Avise hoje quem ' +
        'cuida do servidor para liberar espaço (por exemplo, copiar backups antigos para fora do servidor).',
    };
  if (freeBytes < HEALTH_LIMITS.diskYellowUnderBytes)
    return {
      estado: 'amarelo',
      detalhe,
      o_que_fazer:
        'O espaço está acabando. Avise quem cuida do servidor nos próximos dias para liberar espaço.',
    };
  return green(detalhe);
}

/** An item whose facts could not be gathered (a check threw): shown, never left stale. */
export function uncheckedHealth(): HealthVerdict {
  return {
    estado: 'amarelo',
    detalhe: 'Não foi possível verificar este item agora.',
    o_que_fazer:
      'A loja tenta de novo a cada minuto. Se continuar assim, avise quem cuida do servidor.',
  };
}

// ------------------------------------------------------------------------------ E-mails às donas

/** Subject of the owners' e-mail when an item turns red, and when it leaves red. */
export function healthAlertSubject(title: string, state: HealthState, storeName: string): string {
  if (state === 'vermelho') return `Problema na loja: ${title} - ${storeName}`;
  if (state === 'verde') return `Resolvido: ${title} - ${storeName}`;
  return `Melhorou, mas pede atenção: ${title} - ${storeName}`;
}

// ------------------------------------------------------------------------------ Dias úteis

/** Easter Sunday of a Gregorian year (the anonymous algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** Calendar arithmetic through UTC midnights: no zone, no daylight saving, only days. */
function shiftDays(d: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

function weekday(d: CalendarDate): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

/**
 * Brazil's national holidays of a year (Lei 662/1949 and later laws): the fixed ones, Good
 * Friday (from Easter) and, from 2024 (Lei 14.759/2023), the Black Consciousness Day. Carnival
 * and Corpus Christi are optional days ('ponto facultativo'), not holidays: the shop works.
 */
export function brazilianNationalHolidays(year: number): CalendarDate[] {
  const fixed: [number, number][] = [
    [1, 1], // Confraternização Universal
    [4, 21], // Tiradentes
    [5, 1], // Dia do Trabalho
    [9, 7], // Independência
    [10, 12], // Nossa Senhora Aparecida
    [11, 2], // Finados
    [11, 15], // Proclamação da República
    ...(year >= 2024 ? ([[11, 20]] as [number, number][]) : []), // Consciência Negra
    [12, 25], // Natal
  ];
  const holidays = fixed.map(([month, day]) => ({ year, month, day }));
  holidays.push(shiftDays(easterSunday(year), -2)); // Sexta-feira Santa
  return holidays;
}

/** Monday to Friday, except a national holiday. */
export function isWorkingDay(d: CalendarDate): boolean {
  const w = weekday(d);
  if (w === 0 || w === 6) return false;
  return !brazilianNationalHolidays(d.year).some((h) => h.month === d.month && h.day === d.day);
}

/** The `n`-th working day after `d` (d itself never counts). */
export function addWorkingDays(d: CalendarDate, n: number): CalendarDate {
  let day = d;
  for (let left = n; left > 0;) {
    day = shiftDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The instant São Paulo's day `d` begins. */
export function startOfDayInSaoPaulo(d: CalendarDate): Date {
  // Guess UTC midnight, then move by the zone's offset at that instant (read back on the wall
  // clock), so the rule holds even if Brazil ever brings daylight saving back.
  const utcMidnight = Date.UTC(d.year, d.month - 1, d.day);
  const wall = saoPauloWallTime(new Date(utcMidnight));
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
  );
  return new Date(utcMidnight + (utcMidnight - wallAsUtc));
}

/**
 * An order paid on day D is due by the end of the second working day after D (paid on a Monday:
 * shipped by Wednesday; paid on Friday or Saturday: by Tuesday). Answers the instant before which
 * a payment makes an order late at `now`: orders paid before it and still not shipped are late.
 */
export function shippingOverdueCutoff(
  now: Date,
  workingDays: number = HEALTH_LIMITS.shippingWorkingDays,
): Date {
  const today = todayInSaoPaulo(now);
  // The latest payment day already late today; the due day only grows with the payment day.
  let paidDay = shiftDays(today, -1);
  while (compare(addWorkingDays(paidDay, workingDays), today) >= 0)
    paidDay = shiftDays(paidDay, -1);
  return startOfDayInSaoPaulo(shiftDays(paidDay, 1));
}
