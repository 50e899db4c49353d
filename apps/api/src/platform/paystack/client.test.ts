import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeMetadata, PaystackClient } from './client';

describe('normalizeMetadata', () => {
  it.each([
    ['an empty string', ''],
    ['0', 0],
    ['null', null],
    ['undefined', undefined],
    ['a plain string', 'not json'],
    ['a JSON string that is not an object', '"deposit"'],
    ['a JSON array string', '[1, 2]'],
    ['broken JSON', '{"purpose":'],
    ['an array', [{ purpose: 'deposit' }]],
    ['false', false],
  ])('turns %s into null', (_name, value) => {
    expect(normalizeMetadata(value)).toBeNull();
  });

  it('keeps an object as it is', () => {
    const metadata = { purpose: 'deposit', user_id: 7, amount: 500 };
    expect(normalizeMetadata(metadata)).toEqual(metadata);
  });

  it('parses metadata sent as a JSON string, even with surrounding spaces', () => {
    expect(normalizeMetadata('{"purpose":"product_order","user_id":12,"quantity":2}')).toEqual({
      purpose: 'product_order',
      user_id: 12,
      quantity: 2,
    });
    expect(normalizeMetadata('  {"purpose":"deposit"} ')).toEqual({ purpose: 'deposit' });
  });
});

/**
 * A stand-in for api.paystack.co answering each reference with one of the shapes Paystack really
 * sends, so the client is read end to end over HTTP.
 */
const shapes: Record<string, Record<string, unknown>> = {
  META_EMPTY: { metadata: '', amount: 150000 },
  META_ZERO: { metadata: 0, amount: 150000 },
  META_NULL: { metadata: null, amount: 150000 },
  META_MISSING: { amount: 150000 },
  META_JSON: { metadata: '{"purpose":"deposit","user_id":3,"amount":1500}', amount: 150000 },
  META_OBJECT: { metadata: { purpose: 'deposit', user_id: 3, amount: 1500 }, amount: 150000 },
  AMOUNT_STRING: { metadata: null, amount: '150000' },
};

let server: Server;
let client: PaystackClient;
const seen: { authorization?: string; url?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ authorization: req.headers.authorization, url: req.url });
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(req.url ?? '');
    if (verify) {
      const reference = decodeURIComponent(verify[1]!);
      const shape = shapes[reference];
      if (!shape) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: {
          reference,
          status: 'success',
          currency: 'NGN',
          paid_at: '2026-01-02T10:00:00.000Z',
          gateway_response: 'Approved',
          customer: { email: 'ada@example.com' },
          ...shape,
        },
      });
    }
    if (req.url?.startsWith('/bank?')) {
      return send(200, {
        status: true,
        message: 'Banks retrieved',
        data: [
          { name: 'Zenith Bank', code: '057', active: true },
          { name: 'Closed Bank', code: '999', active: false },
          { name: 'Wema Bank', code: '035' },
        ],
      });
    }
    send(404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new PaystackClient(() => `http://127.0.0.1:${port}`, 'sk_live_client_test', 2000);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('PaystackClient.verify', () => {
  it.each(['META_EMPTY', 'META_ZERO', 'META_NULL', 'META_MISSING'])(
    'reads %s as a transaction without metadata',
    async (reference) => {
      const paid = await client.verify(reference);
      expect(paid).toEqual({
        reference,
        status: 'success',
        amountKobo: 150000,
        currency: 'NGN',
        metadata: null,
        paidAt: '2026-01-02T10:00:00.000Z',
        email: 'ada@example.com',
        gatewayResponse: 'Approved',
        channel: null,
        feesKobo: null,
      });
    },
  );

  it.each(['META_JSON', 'META_OBJECT'])('reads the purchase from %s metadata', async (reference) => {
    expect((await client.verify(reference))?.metadata).toEqual({ purpose: 'deposit', user_id: 3, amount: 1500 });
  });

  it('reads an amount sent as a string as whole kobo', async () => {
    const paid = await client.verify('AMOUNT_STRING');
    expect(paid?.amountKobo).toBe(150000);
    expect(typeof paid?.amountKobo).toBe('number');
  });

  it('answers null for a reference Paystack does not know, and sends the secret key', async () => {
    expect(await client.verify('NOT_THERE')).toBeNull();
    expect(seen.at(-1)).toEqual({ authorization: 'Bearer sk_live_client_test', url: '/transaction/verify/NOT_THERE' });
  });
});

describe('PaystackClient.listBanks', () => {
  it('keeps only active banks, as name and code', async () => {
    expect(await client.listBanks()).toEqual([
      { name: 'Zenith Bank', code: '057' },
      { name: 'Wema Bank', code: '035' },
    ]);
  });
});
