/** What the fake payment providers (fake-pagbank.ts, fake-mercadopago.ts) share: their HTTP. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The request's whole body, as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
