import { randomInt } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { installFaultHooks, sandboxFaults } from '../faults/faults';
import { escapeHtml as esc } from '../mail/mailer';
import { smsOutbox } from './schema';

/** The outbox, newest first: `{ id, to, from, text, created_at }`. */
export async function listSmsOutbox(db: Db, limit = 50) {
  const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    from: row.from,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  }));
}

const CHANNELS = ['generic', 'dnd', 'whatsapp'];

/**
 * A Termii-style SMS sandbox: `POST /sandbox/sms/api/sms/send` takes Termii's body, checks the API
 * key (401 otherwise) and keeps the message in an outbox, listed at `/sandbox/sms` for people and
 * `/sandbox/sms/messages` (JSON, newest first) for tests.
 */
export async function registerSmsSandbox(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  await app.register(
    async (sandbox) => {
      const faults = sandboxFaults(ctx);
      if (faults) installFaultHooks(sandbox, faults, 'sms', (url) => url.startsWith('/sandbox/sms/api/'));

      sandbox.post('/api/sms/send', { schema: { hide: true } }, async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (body.api_key !== ctx.config.SMS_API_KEY) return reply.code(401).send({ message: 'Invalid API key' });
        const to = String(body.to ?? '');
        const from = String(body.from ?? '');
        const text = typeof body.sms === 'string' ? body.sms : '';
        if (!/^\d{10,15}$/.test(to)) return reply.code(400).send({ message: 'Phone number is invalid' });
        if (!from || !text || body.type !== 'plain' || !CHANNELS.includes(String(body.channel))) {
          return reply.code(400).send({ message: 'to, from, sms, type and channel are required' });
        }
        const messageId = String(randomInt(1e9, 1e10 - 1)) + String(randomInt(1e9, 1e10 - 1));
        await db.insert(smsOutbox).values({ to, from, text, messageId });
        return { message_id: messageId, message: 'Successfully Sent', balance: 1000, user: 'Ruwa Sandbox' };
      });

      sandbox.get('/messages', { schema: { hide: true } }, async () => listSmsOutbox(db));

      sandbox.get('/', { schema: { hide: true } }, async (_request, reply) => {
        const items = (await listSmsOutbox(db))
          .map(
            (m) => `<article><p class="meta">To +${esc(m.to)} from ${esc(m.from)} · ${esc(m.created_at)}</p>
<p>${esc(m.text)}</p></article>`,
          )
          .join('\n');
        reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Ruwa SMS outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#555}</style></head>
<body><h1>SMS outbox</h1>
<p>Text messages the app sent while no SMS provider is configured. Newest first.</p>
${items || '<p>No messages yet.</p>'}</body></html>`);
      });
    },
    { prefix: '/sandbox/sms' },
  );
}
