import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  backupHealth,
  brazilianNationalHolidays,
  diskHealth,
  easterSunday,
  emailsHealth,
  formatAge,
  HEALTH_ITEM_KEYS,
  HEALTH_ITEM_TITLES,
  healthAlertSubject,
  isWorkingDay,
  mailServerHealth,
  databaseHealth,
  paymentProviderHealth,
  refusedNotificationsHealth,
  shippingOverdueCutoff,
  startOfDayInSaoPaulo,
  unshippedOrdersHealth,
} from './store-health';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;
const GB = 1024 * MB;
const day = (iso: string) => {
  const [year, month, dayOfMonth] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day: dayOfMonth };
};

describe('working days: Monday to Friday minus the national holidays', () => {
  it.each([
    [1818, '1818-03-22'],
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2038, '2038-04-25'],
  ])('Easter %i is on %s', (year, iso) => {
    expect(easterSunday(year)).toEqual(day(iso));
  });

  it('Good Friday comes from Easter; Carnival and Corpus Christi are not holidays', () => {
    const holidays2026 = brazilianNationalHolidays(2026);
    expect(holidays2026).toContainEqual(day('2026-04-03'));
    expect(isWorkingDay(day('2026-04-03'))).toBe(false); // Sexta-feira Santa
    expect(isWorkingDay(day('2025-04-18'))).toBe(false);
    expect(isWorkingDay(day('2026-02-16'))).toBe(true); // Carnival Monday
    expect(isWorkingDay(day('2026-06-04'))).toBe(true); // Corpus Christi
  });

  it('the fixed holidays, with 20 November from 2024 on', () => {
    for (const iso of ['2025-01-01', '2025-04-21', '2025-05-01', '2025-10-13', '2025-11-20'])
      expect(isWorkingDay(day(iso)), iso).toBe(iso === '2025-10-13'); // 13/10 is an ordinary Monday
    expect(isWorkingDay(day('2023-11-20'))).toBe(true); // a Monday before the law
    expect(isWorkingDay(day('2024-11-20'))).toBe(false);
    expect(isWorkingDay(day('2026-09-07'))).toBe(false); // Independência, a Monday
  });

  it('weekends never count', () => {
    expect(isWorkingDay(day('2025-11-15'))).toBe(false); // a Saturday (and a holiday)
    expect(isWorkingDay(day('2025-11-16'))).toBe(false);
    expect(isWorkingDay(day('2025-11-17'))).toBe(true);
  });

  it('the n-th working day after a day skips weekends and holidays', () => {
    expect(addWorkingDays(day('2025-11-10'), 2)).toEqual(day('2025-11-12')); // Mon → Wed
    expect(addWorkingDays(day('2025-11-14'), 2)).toEqual(day('2025-11-18')); // Fri → Tue
    expect(addWorkingDays(day('2025-11-15'), 2)).toEqual(day('2025-11-18')); // Sat → Tue
    expect(addWorkingDays(day('2025-11-18'), 2)).toEqual(day('2025-11-21')); // over 20/11
    expect(addWorkingDays(day('2026-04-02'), 2)).toEqual(day('2026-04-07')); // over Good Friday
    expect(addWorkingDays(day('2025-12-24'), 2)).toEqual(day('2025-12-29')); // over Christmas
  });
});

describe('shippingOverdueCutoff: paid on day D, due by the end of the second working day after', () => {
  it("São Paulo's days begin at 03:00 UTC", () => {
    expect(startOfDayInSaoPaulo(day('2025-11-11')).toISOString()).toBe('2025-11-11T03:00:00.000Z');
  });

  it('on a Thursday, orders paid up to Monday are late; Tuesday and after are not', () => {
    const thursday = new Date('2025-11-13T13:00:00Z');
    expect(shippingOverdueCutoff(thursday).toISOString()).toBe('2025-11-11T03:00:00.000Z');
    // Paid Monday at 23:30 in São Paulo (Tuesday in UTC): Monday's order, so late.
    const mondayNight = new Date('2025-11-11T02:30:00Z');
    expect(mondayNight < shippingOverdueCutoff(thursday)).toBe(true);
    // On Wednesday the same order is still on time.
    expect(mondayNight < shippingOverdueCutoff(new Date('2025-11-12T20:00:00Z'))).toBe(false);
  });

  it('the cutoff moves at midnight in São Paulo, not in UTC', () => {
    // Wednesday 23:59 in São Paulo is Thursday in UTC: still Wednesday for the rule.
    expect(shippingOverdueCutoff(new Date('2025-11-13T02:59:00Z')).toISOString()).toBe(
      '2025-11-10T03:00:00.000Z',
    );
    expect(shippingOverdueCutoff(new Date('2025-11-13T03:00:00Z')).toISOString()).toBe(
      '2025-11-11T03:00:00.000Z',
    );
  });

  it('paid on Friday or over the weekend: late from Wednesday', () => {
    const friday = new Date('2025-11-14T15:00:00Z');
    const saturday = new Date('2025-11-15T15:00:00Z');
    const tuesday = new Date('2025-11-18T15:00:00Z');
    const wednesday = new Date('2025-11-19T15:00:00Z');
    for (const paid of [friday, saturday]) {
      expect(paid < shippingOverdueCutoff(tuesday)).toBe(false);
      expect(paid < shippingOverdueCutoff(wednesday)).toBe(true);
    }
  });

  it('Good Friday gives one more day: paid on Thursday 02/04/2026, late only on Wednesday 08/04', () => {
    const paid = new Date('2026-04-02T13:00:00Z');
    expect(paid < shippingOverdueCutoff(new Date('2026-04-07T15:00:00Z'))).toBe(false);
    expect(paid < shippingOverdueCutoff(new Date('2026-04-08T15:00:00Z'))).toBe(true);
  });
});

describe('the items and their colours', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('every item has a title; the version is not an item', () => {
    for (const key of HEALTH_ITEM_KEYS) expect(HEALTH_ITEM_TITLES[key]).toBeTruthy();
    expect(HEALTH_ITEM_KEYS).not.toContain('versao');
  });

  it('last backup: red when none or older than three days, yellow past twice the schedule', () => {
    expect(backupHealth({ newestAt: null, everyHours: 24, now }).estado).toBe('vermelho');
    expect(backupHealth({ newestAt: ago(3 * HOUR), everyHours: 24, now })).toMatchObject({
      estado: 'verde',
      o_que_fazer: '',
    });
    expect(backupHealth({ newestAt: ago(3 * HOUR), everyHours: 24, now }).detalhe).toBe(
      'O último backup foi feito há 3 horas (10/03 às 09:00). Um novo backup é feito a cada 24 horas.',
    );
    expect(backupHealth({ newestAt: ago(47 * HOUR), everyHours: 24, now }).estado).toBe('verde');
    expect(backupHealth({ newestAt: ago(49 * HOUR), everyHours: 24, now }).estado).toBe('amarelo');
    expect(backupHealth({ newestAt: ago(3 * HOUR), everyHours: 1, now }).estado).toBe('amarelo');
    const old = backupHealth({ newestAt: ago(3 * DAY + HOUR), everyHours: 24, now });
    expect(old.estado).toBe('vermelho');
    expect(old.o_que_fazer).toContain('seção Backups');
    // A schedule of 48 h: red at three days before yellow's four.
    expect(backupHealth({ newestAt: ago(80 * HOUR), everyHours: 48, now }).estado).toBe('vermelho');
  });

  it('last backup with the schedule off: red when there is none, yellow when old, green when recent', () => {
    const none = backupHealth({ newestAt: null, everyHours: 0, now });
    expect(none.estado).toBe('vermelho');
    expect(none.detalhe).toContain('desligados');
    expect(none.o_que_fazer).toContain('BACKUP_EVERY_HOURS');
    expect(backupHealth({ newestAt: ago(5 * HOUR), everyHours: 0, now }).estado).toBe('verde');
    expect(backupHealth({ newestAt: ago(5 * DAY), everyHours: 0, now }).estado).toBe('amarelo');
  });

  it('e-mails: red for one given up, yellow for one waiting, green otherwise', () => {
    const base = { failedRecently: 0, waitingLong: 0, oldestWaitingSince: null, now };
    expect(emailsHealth(base).estado).toBe('verde');
    const waiting = emailsHealth({ ...base, waitingLong: 2, oldestWaitingSince: ago(2 * HOUR) });
    expect(waiting.estado).toBe('amarelo');
    expect(waiting.detalhe).toBe(
      '2 e-mails esperam para sair há mais de 30 minutos. O mais antigo entrou na fila há 2 horas.',
    );
    const failed = emailsHealth({ ...base, failedRecently: 1, waitingLong: 3 });
    expect(failed.estado).toBe('vermelho');
    expect(failed.detalhe).toMatch(/^1 e-mail não pôde ser entregue/);
  });

  it('refused notifications: yellow from 1, red from 10, the reasons counted', () => {
    expect(refusedNotificationsHealth({}).estado).toBe('verde');
    const one = refusedNotificationsHealth({ assinatura: 1 });
    expect(one.estado).toBe('amarelo');
    expect(one.detalhe).toBe(
      '1 aviso de pagamento foi recusado nas últimas 24 horas (1 com assinatura inválida). ' +
        'Nenhum pedido mudou por causa deles.',
    );
    expect(refusedNotificationsHealth({ assinatura: 8, pedido_desconhecido: 1 }).estado).toBe(
      'amarelo',
    );
    const ten = refusedNotificationsHealth({ assinatura: 7, pedido_desconhecido: 1, invalida: 2 });
    expect(ten.estado).toBe('vermelho');
    expect(ten.detalhe).toContain(
      '(7 com assinatura inválida, 1 de pedido desconhecido, 2 ilegíveis)',
    );
  });

  it('unshipped orders: yellow from one, never red', () => {
    expect(unshippedOrdersHealth(0).estado).toBe('verde');
    expect(unshippedOrdersHealth(1).detalhe).toBe(
      '1 pedido pago espera o envio há mais de dois dias úteis.',
    );
    expect(unshippedOrdersHealth(40).estado).toBe('amarelo');
  });

  it('payment provider: the sandbox is in-process; PagBank red when unreachable or refusing', () => {
    expect(paymentProviderHealth({ provider: 'sandbox', check: 'not_checked' }).estado).toBe(
      'verde',
    );
    expect(paymentProviderHealth({ provider: 'pagbank', check: 'ok' }).estado).toBe('verde');
    expect(paymentProviderHealth({ provider: 'pagbank', check: 'unreachable' }).estado).toBe(
      'vermelho',
    );
    expect(
      paymentProviderHealth({ provider: 'pagbank', check: 'credentials_refused' }).o_que_fazer,
    ).toContain('PAGBANK_TOKEN');
  });

  it('mail server: red when unreachable; files are yellow only in production', () => {
    expect(mailServerHealth({ check: 'ok', production: true }).estado).toBe('verde');
    expect(mailServerHealth({ check: 'unreachable', production: false }).estado).toBe('vermelho');
    expect(mailServerHealth({ check: 'files', production: true }).estado).toBe('amarelo');
    expect(mailServerHealth({ check: 'files', production: false }).estado).toBe('verde');
  });

  it('database: PGlite in production is yellow', () => {
    expect(databaseHealth({ embedded: true, production: true }).estado).toBe('amarelo');
    expect(databaseHealth({ embedded: true, production: false }).estado).toBe('verde');
    expect(databaseHealth({ embedded: false, production: true }).estado).toBe('verde');
  });

  it('disk: yellow under 2 GB, red under 500 MB', () => {
    expect(diskHealth(10 * GB)).toMatchObject({ estado: 'verde', o_que_fazer: '' });
    expect(diskHealth(2 * GB).estado).toBe('verde');
    expect(diskHealth(2 * GB - 1).estado).toBe('amarelo');
    expect(diskHealth(1.4 * GB).detalhe).toContain('Restam 1,4 GB livres');
    expect(diskHealth(500 * MB).estado).toBe('amarelo');
    expect(diskHealth(499 * MB)).toMatchObject({ estado: 'vermelho' });
    expect(diskHealth(320 * MB).detalhe).toContain('Restam 320 MB livres');
  });

  it('every yellow or red verdict says what to do; green ones say nothing', () => {
    const verdicts = [
      backupHealth({ newestAt: null, everyHours: 24, now }),
      backupHealth({ newestAt: null, everyHours: 0, now }),
      emailsHealth({ failedRecently: 1, waitingLong: 0, oldestWaitingSince: null, now }),
      refusedNotificationsHealth({ invalida: 1 }),
      unshippedOrdersHealth(1),
      paymentProviderHealth({ provider: 'pagbank', check: 'unreachable' }),
      mailServerHealth({ check: 'unreachable', production: true }),
      databaseHealth({ embedded: true, production: true }),
      diskHealth(100 * MB),
    ];
    for (const v of verdicts) {
      expect(v.estado).not.toBe('verde');
      expect(v.o_que_fazer.length, v.detalhe).toBeGreaterThan(20);
    }
  });
});

describe('words', () => {
  it('ages and subjects', () => {
    expect(formatAge(0)).toBe('há 1 minuto');
    expect(formatAge(45 * 60_000)).toBe('há 45 minutos');
    expect(formatAge(HOUR)).toBe('há 1 hora');
    expect(formatAge(47 * HOUR)).toBe('há 47 horas');
    expect(formatAge(50 * HOUR)).toBe('há 2 dias');
    expect(healthAlertSubject('Servidor de e-mail', 'vermelho', 'Loja')).toBe(
      'Problema na loja: Servidor de e-mail - Loja',
    );
    expect(healthAlertSubject('Servidor de e-mail', 'verde', 'Loja')).toBe(
      'Resolvido: Servidor de e-mail - Loja',
    );
  });
});
