import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { escapeHtml as esc, listOutbox } from './mailer';

/** The dev outbox: newest first, as HTML for people and JSON for tests. */
export async function registerMailSandbox(app: FastifyInstance, db: Db) {
  app.get('/sandbox/mail/messages', { schema: { hide: true } }, async () => listOutbox(db));

  app.get('/sandbox/mail', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listOutbox(db);
    const items = messages
      .map(
        (m) => `<article><h2>${esc(m.subject)}</h2><p class="meta">To ${esc(m.to)} · ${esc(m.created_at)}</p>
<iframe title="${esc(m.subject)}" sandbox srcdoc="${esc(m.html)}"></iframe></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Ruwa mail outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#555}
iframe{width:100%;height:260px;border:0}</style></head><body><h1>Mail outbox</h1>
<p>E-mail the app sent while no SMTP server is configured. Newest first.</p>
${items || '<p>No messages yet.</p>'}</body></html>`);
  });
}
