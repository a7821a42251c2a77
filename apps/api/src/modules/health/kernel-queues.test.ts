/**
 * Reading what the kernel holds for the store's port: the tables' format, and a real socket whose
 * bytes the process has not read.
 */
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readTcpTable, waitingInKernel } from './kernel-queues.js';

// Lines as Linux writes them (trimmed after the queues): port 3000 is 0x0BB8.
const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000:0BB8 00000000:0000 0A 00000000:0000002C 00:00000000 00000000  1000        0 1
   1: 0100007F:0BB8 0100007F:9C40 01 00000000:000001F4 00:00000000 00000000  1000        0 2
   2: 0100007F:0BB8 0100007F:9C41 01 00000000:00000000 00:00000000 00000000  1000        0 3
   3: 0100007F:0BB8 0100007F:9C42 08 00000000:00000010 00:00000000 00000000  1000        0 4
   4: 0100007F:0BB9 0100007F:9C43 01 00000000:00000400 00:00000000 00000000  1000        0 5
   5: 0100007F:9C44 0100007F:0BB8 01 00000000:00000400 00:00000000 00000000  1000        0 6
`;

describe('readTcpTable', () => {
  it("counts the listen queue and the connections with unread bytes, of this port's own sockets", () => {
    // 44 not accepted; one connection with 500 bytes; the closing one, another port's and a
    // connection *to* 3000 made from this machine are not the listener's.
    expect(readTcpTable(TABLE, 3000)).toEqual({
      unaccepted: 44,
      unreadConnections: 1,
      unreadBytes: 500,
    });
    expect(readTcpTable(TABLE, 4000)).toEqual({
      unaccepted: 0,
      unreadConnections: 0,
      unreadBytes: 0,
    });
  });
});

describe('waitingInKernel', () => {
  it('sees a request the process has not read, and nothing once it is read', async () => {
    const accepted: Socket[] = [];
    // pauseOnConnect: the connection is accepted but its bytes stay in the kernel.
    const server = createServer({ pauseOnConnect: true }, (socket) => accepted.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = connect(port, '127.0.0.1');
    const request = 'GET / HTTP/1.1\r\nHost: loja\r\n\r\n';
    client.write(request);
    while (accepted.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await waitingInKernel(port)).toEqual({
      unaccepted: 0,
      unreadConnections: 1,
      unreadBytes: Buffer.byteLength(request),
    });
    const [socket] = accepted as [Socket];
    const read = new Promise((resolve) => socket.once('data', resolve));
    socket.resume();
    await read;
    expect(await waitingInKernel(port)).toEqual({
      unaccepted: 0,
      unreadConnections: 0,
      unreadBytes: 0,
    });
    client.destroy();
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
});
