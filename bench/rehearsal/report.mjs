// The rehearsal's figures: computed from the shoppers, the client's records, the database, the
// mail sink and the restarts; printed as tables with PASS/FAIL per goal; kept in bench/RESULTS.md
// between the markers (the rest of that file, written by npm run bench, is left as it is).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { percentile } from './client.mjs';

// Each crowd has its own section: today's sale (200 for 50, the markers it always had) and the
// launch-day drop (1,000 for 100), run one after the other by .ci/run.
const DEFAULT_CROWD = '200x50';
const crowdOf = (st) => `${st.shoppers}x${st.stock}`;
export const startMarker = (crowd) =>
  crowd === DEFAULT_CROWD ? '<!-- rehearsal:start -->' : `<!-- rehearsal ${crowd}:start -->`;
export const endMarker = (crowd) =>
  crowd === DEFAULT_CROWD ? '<!-- rehearsal:end -->' : `<!-- rehearsal ${crowd}:end -->`;

/** The e-mails a paid guest order sends (modules/sales/orders/emails.ts), by outbox kind. */
export const PAID_ORDER_EMAILS = {
  order_received: 'Recebemos seu pedido (cliente)',
  order_paid: 'Pagamento aprovado (cliente)',
  order_paid_store: 'Novo pedido pago (donas)',
};

const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');
const s1 = (v) => (Number.isFinite(v) ? (v / 1000).toFixed(1) : '–');

function countBy(items, key) {
  const out = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

/** Which outbox row a delivered message is: the store's Message-ID names it. */
function outboxIdOf(messageId) {
  const match = /^<outbox-(\d+)-/.exec(messageId ?? '');
  return match ? Number(match[1]) : null;
}

function emailFigures({ db, sink, storeEmail }) {
  const paidOrders = db.orders.filter((o) => o.status === 'paid');
  const deliveries = countBy(
    sink.messages.filter((m) => outboxIdOf(m.messageId) !== null),
    (m) => outboxIdOf(m.messageId),
  );
  const strangers = sink.messages.filter((m) => outboxIdOf(m.messageId) === null).length;
  const rowsByOrder = new Map();
  for (const row of db.outbox) {
    const orderId = /^order:(\d+):/.exec(row.dedupe_key ?? '')?.[1];
    if (!orderId) continue;
    const list = rowsByOrder.get(Number(orderId)) ?? [];
    list.push(row);
    rowsByOrder.set(Number(orderId), list);
  }
  const perKind = {};
  const problems = [];
  for (const kind of Object.keys(PAID_ORDER_EMAILS))
    perKind[kind] = { once: 0, twice: 0, missing: 0 };
  for (const order of paidOrders) {
    const rows = rowsByOrder.get(order.id) ?? [];
    for (const kind of Object.keys(PAID_ORDER_EMAILS)) {
      const ofKind = rows.filter((r) => r.kind === kind);
      const delivered = ofKind.reduce((n, r) => n + (deliveries[r.id] ?? 0), 0);
      if (delivered === 1) perKind[kind].once += 1;
      else if (delivered === 0) perKind[kind].missing += 1;
      else perKind[kind].twice += 1;
      if (delivered !== 1)
        problems.push(`pedido ${order.reference}: ${kind} entregue ${delivered}×`);
      const to = kind === 'order_paid_store' ? storeEmail : order.email;
      for (const r of ofKind) {
        if (r.recipient.toLowerCase() !== String(to).toLowerCase()) {
          problems.push(`pedido ${order.reference}: ${kind} para ${r.recipient}, esperado ${to}`);
        }
      }
    }
  }
  // Anything else the orders sent (a decline, a cancellation...) is not part of a clean sale.
  const expectedKinds = new Set(Object.keys(PAID_ORDER_EMAILS));
  const paidIds = new Set(paidOrders.map((o) => o.id));
  const others = [];
  for (const [orderId, rows] of rowsByOrder) {
    for (const row of rows) {
      if (!paidIds.has(orderId) || !expectedKinds.has(row.kind)) others.push(row.kind);
    }
  }
  const twiceDelivered = Object.values(deliveries).filter((n) => n > 1).length;
  const undelivered = db.outbox.filter((r) => !r.sent_at).length;
  return {
    total: sink.messages.length,
    perKind,
    others: countBy(others, (k) => k),
    twiceDelivered,
    strangers,
    undelivered,
    problems,
  };
}

/** Why a health check failed, in a word. */
function healthReason(event) {
  if (event.msg === 'unexpected status code')
    return `não pronta (${event.status_code ?? 'status ≠ 200'})`;
  const error = String(event.error ?? '');
  if (/Client\.Timeout|deadline exceeded/.test(error)) return 'timeout';
  if (/connection refused/.test(error)) return 'recusada';
  if (/reset by peer/.test(error)) return 'conexão reiniciada';
  return error.slice(-60) || event.msg;
}

/**
 * Caddy's view of each instance, from its active health checker's log: when it took it out of
 * rotation (and why), when it brought it back; seconds since the sale began.
 */
function healthTimeline(caddyEvents, names, saleStart) {
  const state = new Map();
  const lines = [];
  for (const e of caddyEvents) {
    if (!/health_checker\.active$/.test(e.logger ?? '') || !e.host || e.at < saleStart) continue;
    const up = state.get(e.host) ?? true;
    const name = names[e.host] ?? e.host;
    const at = ((e.at - saleStart) / 1000).toFixed(1);
    if (e.msg === 'host is up' && !up) {
      lines.push(`${at} s: ${name} de volta`);
      state.set(e.host, true);
    } else if (e.msg !== 'host is up' && up) {
      lines.push(`${at} s: ${name} fora (${healthReason(e)})`);
      state.set(e.host, false);
    }
  }
  return lines;
}

/** Everything the rehearsal measured, in one object (printed, written, judged). */
export function computeFigures({
  settings,
  shoppers,
  client,
  db,
  sink,
  restarts,
  caddyEvents,
  cpu,
}) {
  const outcomes = countBy(shoppers, (s) => s.outcome);
  const paidDb = db.statuses.find((r) => r.status === 'paid')?.n ?? 0;
  const routes = [...client.routes.entries()].map(([route, s]) => {
    const statuses = Object.entries(s.statuses);
    const count = statuses.reduce((n, [, c]) => n + c, 0);
    const errors5xx = statuses
      .filter(([code]) => Number(code) >= 500)
      .reduce((n, [, c]) => n + c, 0);
    const network = Object.values(s.network).reduce((n, c) => n + c, 0);
    return {
      route,
      count: count + network,
      statuses: s.statuses,
      errors5xx,
      network,
      networkCodes: s.network,
      p50: percentile(s.ms, 50),
      p95: percentile(s.ms, 95),
      p99: percentile(s.ms, 99),
    };
  });
  routes.sort((a, b) => a.route.localeCompare(b.route));
  const pay = client.routes.get('POST api/pay');
  const caddyErrors = countBy(
    caddyEvents.filter((e) => e.logger === 'http.log.error'),
    (e) => `${e.status ?? ''} ${String(e.msg).replace(/127\.0\.0\.1:\d+/g, 'instância')}`.trim(),
  );
  return {
    settings,
    outcomes,
    paidDb,
    paidShoppers: outcomes['pago'] ?? 0,
    told: outcomes['sem estoque'] ?? 0,
    statuses: db.statuses,
    unitsTaken: db.units,
    stockLeft: db.stock,
    notifications: db.notifications,
    routes,
    total5xx: routes.reduce((n, r) => n + r.errors5xx, 0),
    total429: routes.reduce((n, r) => n + (r.statuses['429'] ?? 0), 0),
    totalNetwork: routes.reduce((n, r) => n + r.network, 0),
    totalRequests: routes.reduce((n, r) => n + r.count, 0),
    failures: client.failures,
    retries: shoppers.reduce((n, s) => n + s.retries, 0),
    pay: {
      n: pay?.ms.length ?? 0,
      p50: percentile(pay?.ms ?? [], 50),
      p95: percentile(pay?.ms ?? [], 95),
      p99: percentile(pay?.ms ?? [], 99),
    },
    emails: emailFigures({ db, sink, storeEmail: settings.storeEmail }),
    restarts,
    caddyErrors,
    health: healthTimeline(caddyEvents, settings.upstreamNames, settings.saleStart),
    saleMs: settings.saleMs,
    timeline: timelineRows(client.timeline ?? []),
    cpu: cpu ?? null,
  };
}

/** One line: the CPU seconds each part of the machine used during the sale. */
function cpuLine(c) {
  if (!c) return null;
  const s = (x) => x.toFixed(1);
  return `the store's instances ${s(c.instancesS)} s (restarted ones included), the load generator ${s(c.generatorS)} s, Caddy ${s(c.caddyS)} s, PostgreSQL ${s(c.postgresS)} s; the machine busy ${s(c.machineBusyS)} of ${s(c.machineTotalS)} core-seconds (${Math.round(c.machineShare * 100)} %)`;
}

/**
 * The sale second by second: requests sent in that second, and the p50/p99 of their times. A
 * tail that only one moment has (the opening rush, a restart) shows here, not in the route table.
 */
function timelineRows(samples) {
  const bySecond = new Map();
  for (const [at, ms] of samples) {
    const second = Math.max(0, Math.floor(at / 1000));
    if (!bySecond.has(second)) bySecond.set(second, []);
    bySecond.get(second).push(ms);
  }
  return [...bySecond.keys()]
    .sort((a, b) => a - b)
    .map((second) => {
      const ms = bySecond.get(second);
      return [
        `${second}-${second + 1}`,
        String(ms.length),
        String(Math.round(percentile(ms, 50))),
        String(Math.round(percentile(ms, 99))),
      ];
    });
}

/** The server-rendered and sandbox pages a shopper opens (not the API calls nor the picture). */
const pages = (f) => f.routes.filter((r) => r.route.endsWith('(página)'));

/** Each goal of the rehearsal: its figure and whether it is met. */
export function goals(f) {
  const { shoppers, stock, shutdownTimeoutSeconds } = f.settings;
  const e = f.emails;
  const kinds = Object.keys(PAID_ORDER_EMAILS);
  const allOnce = kinds.every((k) => e.perKind[k].once === f.paidDb);
  const all = [
    {
      goal: `exatamente ${stock} pedidos pagos (banco e clientes)`,
      fromDatabase: true,
      value: `${f.paidDb} no banco, ${f.paidShoppers} clientes viram 'Pedido Pago'; ${f.unitsTaken} unidades vendidas, estoque final ${f.stockLeft}`,
      pass: f.paidDb === stock && f.paidShoppers === stock && f.stockLeft === 0,
    },
    {
      goal: `as outras ${shoppers - stock} clientes leem '${'não tem estoque suficiente'}'`,
      value: `${f.told}${
        f.told + f.paidShoppers === shoppers
          ? ''
          : ` (outros: ${Object.entries(f.outcomes)
              .filter(([k]) => k !== 'pago' && k !== 'sem estoque')
              .map(([k, n]) => `${k} ×${n}`)
              .join(', ')})`
      }`,
      pass: f.told === shoppers - stock,
    },
    {
      goal: '0 respostas 5xx',
      value: `${f.total5xx} de ${f.totalRequests} requisições`,
      pass: f.total5xx === 0,
    },
    {
      goal: '0 respostas 429 (uma multidão atrás de um só endereço não é recusada)',
      value: `${f.total429}`,
      pass: f.total429 === 0,
    },
    {
      goal: '0 conexões/requisições falhas',
      value: `${f.totalNetwork}`,
      pass: f.totalNetwork === 0,
    },
    {
      goal: 'cada e-mail de cada pedido pago exatamente uma vez',
      fromDatabase: true,
      value: `${kinds.map((k) => `${k} ${e.perKind[k].once}/${f.paidDb}`).join(', ')}; repetidos ${e.twiceDelivered}; outros ${Object.keys(e.others).length ? JSON.stringify(e.others) : 0}; não entregues ${e.undelivered}`,
      pass:
        allOnce &&
        e.twiceDelivered === 0 &&
        e.undelivered === 0 &&
        Object.keys(e.others).length === 0 &&
        e.problems.length === 0,
    },
    {
      goal: 'p99 de api/pay < 500 ms',
      // A time, not a count: it depends on the machine as much as on the store (see rehearsal.mjs).
      timing: true,
      value: `p50 ${ms(f.pay.p50)} ms, p95 ${ms(f.pay.p95)} ms, p99 ${ms(f.pay.p99)} ms (${f.pay.n} chamadas)`,
      pass: f.pay.p99 < 500,
    },
    {
      goal: 'p99 de cada página < 1 s',
      timing: true,
      value: pages(f)
        .map((r) => `${r.route.replace(/^GET | \(página\)$/g, '')} ${ms(r.p99)} ms`)
        .join('; '),
      pass: pages(f).every((r) => r.p99 < 1000),
    },
    {
      goal: 'as reinicializações caem durante a venda (clientes comprando no SIGTERM)',
      value: f.settings.restarts
        ? f.restarts.map((r) => `${r.name}: ${r.activeShoppers}`).join('; ')
        : 'sem reinicializações (--no-restarts)',
      pass:
        !f.settings.restarts ||
        (f.restarts.length === 2 && f.restarts.every((r) => r.activeShoppers > 0)),
    },
    {
      goal: 'o proxy: http redirecionado para https, um só cabeçalho HSTS numa página',
      value: `http → ${f.settings.proxyCheck.redirectStatus} ${f.settings.proxyCheck.redirectTo}; HSTS ×${f.settings.proxyCheck.hsts}`,
      pass:
        [301, 308].includes(f.settings.proxyCheck.redirectStatus) &&
        String(f.settings.proxyCheck.redirectTo).startsWith('https://') &&
        f.settings.proxyCheck.hsts === 1,
    },
    {
      goal: `cada instância sai com 0 em até ${shutdownTimeoutSeconds} s após SIGTERM`,
      value: f.restarts
        .map(
          (r) =>
            `${r.name}: ${r.killed ? 'morta com SIGKILL' : `código ${r.code ?? r.signal}`} em ${s1(r.stopMs)} s`,
        )
        .join('; '),
      pass: f.restarts.every(
        (r) => !r.killed && r.code === 0 && r.stopMs <= shutdownTimeoutSeconds * 1000,
      ),
    },
  ];
  // The ideal store (--ideal-store) writes no order and sends no e-mail: what the database and
  // the mail sink count is the store's, not the machine's.
  return f.settings.ideal ? all.filter((g) => !g.fromDatabase) : all;
}

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function mdTable(header, rows, align) {
  return [
    `| ${header.join(' | ')} |`,
    `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${r.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`),
  ].join('\n');
}

const statusText = (statuses) =>
  Object.entries(statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');

function routeRows(f) {
  return f.routes.map((r) => [
    r.route,
    r.count,
    statusText(r.statuses) + (r.network ? ` rede×${r.network}` : ''),
    r.errors5xx,
    r.network,
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
  ]);
}

function restartRows(f) {
  return f.restarts.map((r) => [
    r.name,
    s1(r.sigtermAt),
    r.activeShoppers,
    r.killed ? 'SIGKILL' : (r.code ?? r.signal),
    s1(r.stopMs),
    r.outOfRotationMs === null ? '–' : s1(r.outOfRotationMs),
    s1(r.startMs),
    r.backMs === null ? 'não voltou' : s1(r.backMs),
  ]);
}

const ROUTE_HEADER = ['rota', 'req', 'respostas', '5xx', 'rede', 'p50 ms', 'p95 ms', 'p99 ms'];
const RESTART_HEADER = [
  'instância',
  'SIGTERM em s',
  'clientes ativas',
  'saída',
  'parou em s',
  'fora do Caddy em s',
  'subiu em s',
  'de volta em s',
];

export function printReport(f) {
  const out = [];
  out.push('');
  out.push(`Ensaio da venda relâmpago (${f.settings.label})`);
  if (f.settings.ideal) {
    out.push(
      `LOJA IDEAL (--ideal-store): as respostas da loja servidas da memória, ${f.settings.ideal.costMs} ms de CPU por requisição e ${f.settings.ideal.startMs} ms na partida; mede a máquina e uma loja desse custo, não a loja`,
    );
  }
  out.push(
    `${f.settings.shoppers} clientes, ${f.settings.stock} unidades, pensando até ${f.settings.thinkMs} ms por passo; fundo de ${f.settings.backgroundRps} GET/s${f.settings.warmUp ? `; aquecimento de ${f.settings.warmUp} clientes antes` : ''}; venda em ${s1(f.saleMs)} s`,
  );
  out.push('');
  out.push(table(ROUTE_HEADER, routeRows(f)));
  out.push('');
  out.push(table(RESTART_HEADER, restartRows(f)));
  out.push('');
  out.push('Segundo a segundo (s desde o início da venda; requisições enviadas; ms):');
  out.push(table(['s', 'req', 'p50', 'p99'], f.timeline));
  out.push('');
  if (f.cpu) out.push(`CPU durante a venda: ${cpuLine(f.cpu)}`);
  out.push(`Clientes: ${JSON.stringify(f.outcomes)}; repetiram ${f.retries} chamadas`);
  out.push(`Pedidos no banco: ${JSON.stringify(f.statuses)}`);
  out.push(`Notificações de pagamento: ${JSON.stringify(f.notifications)}`);
  out.push(
    `E-mails: ${f.emails.total} recebidos; ${JSON.stringify(f.emails.perKind)}; fora do outbox ${f.emails.strangers}`,
  );
  for (const p of f.emails.problems.slice(0, 10)) out.push(`  ${p}`);
  out.push(`Caddy e as instâncias: ${f.health.join('; ') || 'nenhuma mudança'}`);
  if (Object.keys(f.caddyErrors).length) {
    out.push('Erros registrados pelo Caddy:');
    for (const [msg, n] of Object.entries(f.caddyErrors)) out.push(`  ${n}× ${msg}`);
  }
  if (f.failures.length) {
    out.push('Falhas (s desde o início da venda):');
    for (const x of f.failures.slice(0, 25)) {
      out.push(
        `  ${s1(x.at)}  ${x.route}: ${x.what} ${x.detail.replace(/\s+/g, ' ').slice(0, 100)}`,
      );
    }
    if (f.failures.length > 25) out.push(`  … e mais ${f.failures.length - 25}`);
  }
  for (const [name, log] of Object.entries(f.settings.instanceErrors ?? {})) {
    if (log.count) {
      out.push(`${name}: ${log.count} linhas de erro no log; ${log.samples.join(' | ')}`);
    }
  }
  out.push('');
  for (const g of goals(f)) out.push(`${g.pass ? 'PASS' : 'FAIL'}  ${g.goal}: ${g.value}`);
  out.push('');
  console.log(out.join('\n'));
}

/** The section of bench/RESULTS.md, between the markers. */
export function resultsSection(f) {
  const date = new Date().toISOString().slice(0, 10);
  const st = f.settings;
  const crowd = crowdOf(st);
  const lines = [
    startMarker(crowd),
    '',
    crowd === DEFAULT_CROWD
      ? '## Flash sale through Caddy (`node bench/rehearsal.mjs`)'
      : `## Launch-day drop through Caddy (\`node bench/rehearsal.mjs --shoppers ${st.shoppers} --stock ${st.stock}\`)`,
    '',
    `Run on ${date} (${st.label}): ${st.machine}; Caddy ${st.caddyVersion} (deploy/Caddyfile, its local authority on localhost:${st.httpsPort}), two instances of the built store (NODE_ENV=production, PAYMENT_PROVIDER=sandbox, TRUST_PROXY=true, SHUTDOWN_TIMEOUT_SECONDS=${st.shutdownTimeoutSeconds}, RATE_LIMIT_SCALE=${st.rateLimitScale}: every shopper comes from 127.0.0.1), PostgreSQL ${st.postgresVersion}, e-mail to a local SMTP sink. ${st.shoppers} shoppers at once for one piece with ${st.stock} units, each reading it, quoting shipping, looking up the CEP, placing the order (api/pay), starting the payment and paying on the sandbox page with the approved card, thinking up to ${st.thinkMs} ms before each step; ${st.backgroundRps} page and catalog GETs a second beside them.${st.warmUp ? ` Before the sale, ${st.warmUp} shoppers bought another piece the same way (a warm-up, left out of every count).` : ''} Instance 1, then instance 2, restarted during the sale (SIGTERM, wait for the exit, start again, wait until Caddy has it back). The sale lasted ${s1(f.saleMs)} s.`,
    '',
    mdTable(
      ['goal', 'measured', ''],
      goals(f).map((g) => [g.goal, g.value, g.pass ? 'PASS' : '**FAIL**']),
      ['l', 'l', 'l'],
    ),
    '',
    mdTable(ROUTE_HEADER, routeRows(f), ['l', 'r', 'l', 'r', 'r', 'r', 'r', 'r']),
    '',
    mdTable(RESTART_HEADER, restartRows(f), ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']),
    '',
    `"SIGTERM em s": seconds since the sale began; "parou", "fora do Caddy" (its first failed health check) and "de volta" (a passing check, and no failed request remembered): seconds since that SIGTERM; "subiu": how long the new process took to answer ready. Shoppers retried ${f.retries} calls after a failure.`,
  ];
  lines.push(
    '',
    `Caddy's health checks (seconds since the sale began): ${f.health.join('; ') || 'no change'}.`,
  );
  if (f.cpu) lines.push('', `CPU during the sale (from /proc): ${cpuLine(f.cpu)}.`);
  if (Object.keys(f.caddyErrors).length) {
    lines.push('', "Caddy's error log during the run:", '');
    for (const [msg, n] of Object.entries(f.caddyErrors)) lines.push(`- ${n}× ${msg}`);
  }
  lines.push('', endMarker(crowd));
  return lines.join('\n');
}

/** Replaces the section between the markers, or appends it; the rest of the file is kept. */
export function writeResults(file, section) {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const [startLine] = section.split('\n', 1);
  const crowd = /rehearsal (\S+):start/.exec(startLine)?.[1] ?? DEFAULT_CROWD;
  const START_MARKER = startMarker(crowd);
  const END_MARKER = endMarker(crowd);
  const start = previous.indexOf(START_MARKER);
  const end = previous.indexOf(END_MARKER);
  const next =
    start !== -1 && end > start
      ? previous.slice(0, start) + section + previous.slice(end + END_MARKER.length)
      : `${previous.replace(/\s*$/, '')}\n\n${section}\n`;
  writeFileSync(file, next);
}
