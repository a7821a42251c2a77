// Who used the two cores during the sale: each process's CPU time (user + system) read from
// /proc before and after, grouped as the report names them. An instance that exits during the
// sale (a restart) leaves /proc; its time is counted in this process's children's time
// (cutime/cstime, added when Node reaps it), which is why that delta is read too.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime (+ cutime + cstime when `children`) of one /proc/<pid>/stat, in ms, or null. */
function statMs(pid, { children = false } = {}) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command sits in parentheses and may hold spaces: the fields start after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
  const own = Number(fields[11]) + Number(fields[12]);
  const reaped = Number(fields[13]) + Number(fields[14]);
  return { comm, ms: ((children ? reaped : own) * 1000) / TICKS_PER_SECOND };
}

/** The whole machine's busy and total time since boot, in ms (from /proc/stat's cpu line). */
function machineMs() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const t = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = t[3] + (t[4] ?? 0);
  const total = t.slice(0, 8).reduce((a, b) => a + b, 0);
  return {
    busy: ((total - idle) * 1000) / TICKS_PER_SECOND,
    total: (total * 1000) / TICKS_PER_SECOND,
  };
}

/**
 * A snapshot of CPU time by group. `pids`: {instances: () => [pid], caddy: () => pid}. PostgreSQL
 * is every process named postgres (the machine's only server in a rehearsal), with the backends
 * that ended.
 */
export function cpuSnapshot({ instancePids, caddyPid }) {
  const groups = { instances: 0, instancesExited: 0, generator: 0, caddy: 0, postgres: 0 };
  const instances = new Set(instancePids().filter(Boolean));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const s = statMs(pid);
    if (!s) continue;
    if (instances.has(pid)) groups.instances += s.ms;
    else if (pid === caddyPid()) groups.caddy += s.ms;
    // A backend that ended (its instance restarted) leaves its time to the postmaster that
    // reaped it: each postgres process's own time and its reaped children's.
    else if (s.comm === 'postgres')
      groups.postgres += s.ms + (statMs(pid, { children: true })?.ms ?? 0);
  }
  groups.generator = statMs(process.pid).ms;
  // Every child this process reaped: the instances that exited (nothing else exits mid-sale).
  groups.instancesExited = statMs(process.pid, { children: true }).ms;
  return { at: Date.now(), groups, machine: machineMs() };
}

/** CPU seconds each group used between two snapshots, and the machine's busy share. */
export function cpuBetween(before, after) {
  const d = (k) => (after.groups[k] - before.groups[k]) / 1000;
  const wallS = (after.at - before.at) / 1000;
  const busy = (after.machine.busy - before.machine.busy) / 1000;
  const total = (after.machine.total - before.machine.total) / 1000;
  return {
    wallS,
    instancesS: d('instances') + d('instancesExited'),
    generatorS: d('generator'),
    caddyS: d('caddy'),
    postgresS: d('postgres'),
    machineBusyS: busy,
    machineTotalS: total,
    machineShare: total > 0 ? busy / total : 0,
  };
}
