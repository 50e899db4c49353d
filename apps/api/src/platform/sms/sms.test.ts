import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call } from '../../../test/helpers/factories';
import { smsOutbox } from '../../../test/helpers/verification';
import { loadConfig } from '../../lib/config';
import { SmsClient, SmsError } from './client';

describe('the SMS sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROVIDER_TIMEOUT_MS: '1000' });
  });
  afterAll(() => t.close());

  const setFault = async (mode: string, times = 1) =>
    expect((await call(t, 'POST', '/sandbox/faults', { body: { provider: 'sms', mode, times } })).status).toBe(200);

  it('takes Termii’s body from the client and lists it as JSON (to, from, text, created_at), newest first', async () => {
    await t.ctx.sms.send({ to: '+2348031110001', text: 'First message' });
    const sent = await t.ctx.sms.send({ to: '+2348031110002', text: 'Your Ruwa code is 123456.' });
    expect(sent.messageId).toMatch(/^\d+$/);
    const res = await call(t, 'GET', '/sandbox/sms/messages');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        to: '2348031110002',
        from: 'Ruwa',
        text: 'Your Ruwa code is 123456.',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      expect.objectContaining({ to: '2348031110001', text: 'First message' }),
    ]);
  });

  it('shows the outbox as a page at /sandbox/sms, escaping what it shows', async () => {
    await t.ctx.sms.send({ to: '+2348031110003', text: 'Code <b>654321</b>' });
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/sms' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>SMS outbox</h1>');
    expect(page.body).toContain('To +2348031110003 from Ruwa');
    expect(page.body).toContain('Code &lt;b&gt;654321&lt;/b&gt;');
  });

  it('answers 401 to a wrong API key and 400 to a body Termii would refuse; the client reports both as refused', async () => {
    const send = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/sms/api/sms/send',
        payload: {
          to: '2348031110004',
          from: 'Ruwa',
          sms: 'hello',
          type: 'plain',
          channel: 'generic',
          api_key: t.ctx.config.SMS_API_KEY,
          ...body,
        },
      });
    expect((await send({ api_key: 'wrong' })).statusCode).toBe(401);
    expect((await send({ api_key: 'wrong' })).json()).toEqual({ message: 'Invalid API key' });
    expect((await send({ to: '+234 803' })).statusCode).toBe(400);
    expect((await send({ channel: 'pigeon' })).statusCode).toBe(400);
    const ok = await send({});
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message_id: expect.any(String),
      message: 'Successfully Sent',
      balance: expect.any(Number),
      user: expect.any(String),
    });

    const wrongKey = new SmsClient(() => `${t.ctx.internalUrl()}/sandbox/sms`, 'not-the-key', 'Ruwa', 1000);
    await expect(wrongKey.send({ to: '+2348031110005', text: 'x' })).rejects.toMatchObject({
      reason: 'refused',
      detail: 'Invalid API key',
      statusCode: 502,
    });
    expect((await smsOutbox(t)).some((m) => m.to === '2348031110005')).toBe(false);
  });

  it('reports an outage as an SmsError: 5xx, a timeout and a cut-off answer', async () => {
    await setFault('error_5xx');
    await expect(t.ctx.sms.send({ to: '+2348031110006', text: 'x' })).rejects.toMatchObject({ reason: 'server_error' });
    await setFault('timeout');
    await expect(t.ctx.sms.send({ to: '+2348031110007', text: 'x' })).rejects.toMatchObject({ reason: 'timeout' });
    await setFault('malformed_json');
    const cut = await t.ctx.sms.send({ to: '+2348031110008', text: 'x' }).catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(SmsError);
    expect(cut).toMatchObject({ reason: 'unreadable' });
    // Faults apply to the provider's API only, never to the outbox pages.
    await setFault('error_5xx');
    expect((await call(t, 'GET', '/sandbox/sms/messages')).status).toBe(200);
    await setFault('none');
    expect((await t.ctx.sms.send({ to: '+2348031110009', text: 'back' })).messageId).toBeTruthy();
  });
});

describe('an app configured with a real SMS provider', () => {
  let t: TestApp;
  let provider: Server;
  const providerSaw: { url?: string; body: unknown }[] = [];
  beforeAll(async () => {
    // Stands in for Termii at the configured SMS_BASE_URL (no test reaches the internet).
    provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        providerSaw.push({ url: req.url, body: JSON.parse(raw) });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ message_id: '3017544054459', message: 'Successfully Sent', balance: 9, user: 'Ruwa' }),
        );
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      SMS_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
      SMS_API_KEY: 'TL_live_key',
      SMS_SENDER_ID: 'RuwaNG',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it('mounts no SMS sandbox and sends Termii’s request to the provider', async () => {
    expect(t.ctx.config.smsSandbox).toBe(false);
    expect(t.app.routeList.filter((route) => route.includes('/sandbox/sms'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/sms/messages' })).statusCode).toBe(404);

    expect(await t.ctx.sms.send({ to: '+2348031110010', text: 'Your Ruwa code is 111222.' })).toEqual({
      messageId: '3017544054459',
    });
    expect(providerSaw).toEqual([
      {
        url: '/api/sms/send',
        body: {
          to: '2348031110010',
          from: 'RuwaNG',
          sms: 'Your Ruwa code is 111222.',
          type: 'plain',
          channel: 'generic',
          api_key: 'TL_live_key',
        },
      },
    ]);
  });
});

describe('SMS configuration', () => {
  it('uses the sandbox by default and checks the sender ID', () => {
    expect(loadConfig({})).toMatchObject({ smsSandbox: true, SMS_SENDER_ID: 'Ruwa' });
    expect(loadConfig({ SMS_BASE_URL: 'https://api.ng.termii.com' }).smsSandbox).toBe(false);
    expect(() => loadConfig({ SMS_SENDER_ID: 'Ruwa Water Lagos' })).toThrow(/^Invalid configuration: SMS_SENDER_ID /);
    expect(() => loadConfig({ SMS_BASE_URL: 'not a url' })).toThrow(/^Invalid configuration: SMS_BASE_URL /);
  });
});
