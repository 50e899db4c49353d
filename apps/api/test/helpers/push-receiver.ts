import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { globalAgent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { generate } from 'selfsigned';

/** What a push service received: decrypted, with the VAPID claims it was signed with. */
export type ReceivedPush = {
  path: string;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The `k=` of the Authorization header: the application server's public key. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  payload: unknown;
};

/** A browser's side of a subscription: the keys PushManager.subscribe would make. */
export type PushBrowser = { endpoint: string; keys: { p256dh: string; auth: string }; ecdh: ECDH; auth: string };

/**
 * A local push service speaking the Web Push protocol as Chrome's and Firefox's do (RFC 8030,
 * aes128gcm content encoding per RFC 8291, VAPID per RFC 8292): it accepts a POST per message,
 * refuses a bad VAPID signature with 403, answers 410 for subscriptions marked gone, and decrypts
 * each message with the browser's private key, so a test reads what the phone would show.
 */
export async function startPushReceiver() {
  // Push services are reached over https only; this one has its own certificate, which the test
  // process (and only it) is told to trust.
  // A name of its own: with two receivers' certificates trusted in one process (test files share a
  // worker), OpenSSL finds an issuer by its name, and two of the same name fail as "self-signed".
  const tls = await generate([{ name: 'commonName', value: `push receiver ${randomBytes(6).toString('hex')}` }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const trusted = [globalAgent.options.ca ?? []].flat();
  globalAgent.options.ca = [...trusted, tls.cert];
  const browsers = new Map<string, PushBrowser>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer({ key: tls.private, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const browser = browsers.get(path);
      if (!browser || req.method !== 'POST') return void res.writeHead(404).end();
      if (gone.has(path)) return void res.writeHead(410).end();
      const vapid = checkVapid(req.headers.authorization, `https://127.0.0.1:${port}`);
      if (!vapid || req.headers['content-encoding'] !== 'aes128gcm') return void res.writeHead(403).end();
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth,
      });
      received.push({
        path,
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        vapidKey: vapid.key,
        claims: vapid.claims,
        payload: JSON.parse(plain.toString('utf8')),
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    received,
    /** A new browser subscription pointing at this receiver. */
    browser(): PushBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const browser = {
        endpoint: `https://127.0.0.1:${port}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        ecdh,
        auth,
      };
      browsers.set(path, browser);
      return browser;
    },
    /** From now on the push service answers 410 Gone for this subscription (the browser left). */
    markGone(browser: PushBrowser) {
      gone.add(new URL(browser.endpoint).pathname);
    },
    to(browser: PushBrowser) {
      const path = new URL(browser.endpoint).pathname;
      return received.filter((push) => push.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        globalAgent.options.ca = [globalAgent.options.ca ?? []].flat().filter((ca) => ca !== tls.cert);
        server.close(() => resolve());
      }),
  };
}

/** `vapid t=<JWT>, k=<public key>`: the JWT must be ES256-signed by k and addressed to this origin. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return null;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  if (!signed || claims.aud !== origin || claims.exp * 1000 < Date.now()) return null;
  return { key, claims };
}
