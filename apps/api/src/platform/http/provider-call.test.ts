import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProvider } from './provider-call';

/** A provider on a local port whose answer each test chooses by path. */
let server: Server;
let base: string;
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

const answers: Record<string, (res: ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true,"data":{"id":7}}'),
  '/refused': (res) => res.writeHead(422, { 'content-type': 'application/json' }).end('{"message":"Invalid"}'),
  '/down': (res) => res.writeHead(503).end('<html>maintenance</html>'),
  '/html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>'),
  '/silent': () => undefined,
  '/half': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"status":');
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      answers[req.url ?? '']!(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const call = (path: string, timeoutMs = 2_000) =>
  callProvider(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_x' },
    body: { amount: 50_000 },
    timeoutMs,
  });

describe('a provider call', () => {
  it('sends the method, headers and JSON body, and answers the status and parsed body', async () => {
    expect(await call('/ok')).toEqual({ status: 200, ok: true, body: { status: true, data: { id: 7 } } });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/ok',
      headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/json' },
      body: '{"amount":50000}',
    });
  });

  it('answers a 4xx with its body, for the client to read the refusal', async () => {
    expect(await call('/refused')).toEqual({ status: 422, ok: false, body: { message: 'Invalid' } });
  });

  it('reports a 5xx, a body that is not JSON, no answer in time and an answer cut off as their reasons', async () => {
    await expect(call('/down')).rejects.toMatchObject({ name: 'ProviderCallError', reason: 'server_error' });
    await expect(call('/html')).rejects.toMatchObject({ reason: 'unreadable' });
    await expect(call('/silent', 200)).rejects.toMatchObject({ reason: 'timeout' });
    await expect(call('/half', 200)).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('reports a provider nobody listens for as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      callProvider(`http://127.0.0.1:${port}/ok`, { method: 'GET', headers: {}, timeoutMs: 2_000 }),
    ).rejects.toMatchObject({ reason: 'unreachable' });
  });
});
