/**
 * What the kernel holds for the store's port that the process has not taken yet: connections in
 * the listen queue not yet accepted, and requests sitting in a connection's receive buffer not yet
 * read. On a busy instance the event loop reaches them late (seconds, in a drop), and closing the
 * listener then resets them: the proxy sees "connection reset by peer", and Caddy 2.6 cannot
 * resend a POST whose body it has already sent (issue 32, bench/RESULTS.md). The drain reads this
 * before it closes. Linux only (`/proc/net/tcp`, `/proc/net/tcp6`); elsewhere it cannot say.
 */
import { readFile } from 'node:fs/promises';

export interface WaitingInKernel {
  /** Connections the kernel completed and the process has not accepted. */
  unaccepted: number;
  /** Open connections holding bytes the process has not read (a request on its way in). */
  unreadConnections: number;
  unreadBytes: number;
}

const LISTEN = '0A';
const ESTABLISHED = '01';

/**
 * Reads one `/proc/net/tcp*` table. Each line: `sl local_address rem_address st tx:rx …`, the
 * address as hex `IP:PORT`. For a listening socket `rx` is its accept queue's length, for any
 * other the bytes received and not read (Linux's tcp4_seq_show / tcp6_seq_show).
 */
export function readTcpTable(table: string, port: number): WaitingInKernel {
  const waiting: WaitingInKernel = { unaccepted: 0, unreadConnections: 0, unreadBytes: 0 };
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 5) continue;
    const [, local, , state, queues] = fields as [string, string, string, string, string];
    if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== port) continue;
    const received = Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16);
    if (!(received > 0)) continue;
    if (state === LISTEN) waiting.unaccepted += received;
    else if (state === ESTABLISHED) {
      waiting.unreadConnections++;
      waiting.unreadBytes += received;
    }
  }
  return waiting;
}

/** What waits in the kernel for `port`, from both tables; null when neither can be read. */
export async function waitingInKernel(port: number): Promise<WaitingInKernel | null> {
  const tables = await Promise.all(
    ['/proc/net/tcp', '/proc/net/tcp6'].map((file) => readFile(file, 'utf8').catch(() => null)),
  );
  if (tables.every((table) => table === null)) return null;
  const total: WaitingInKernel = { unaccepted: 0, unreadConnections: 0, unreadBytes: 0 };
  for (const table of tables) {
    if (table === null) continue;
    const one = readTcpTable(table, port);
    total.unaccepted += one.unaccepted;
    total.unreadConnections += one.unreadConnections;
    total.unreadBytes += one.unreadBytes;
  }
  return total;
}
