import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from './schema';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** Without SMTP_URL, mail is kept in the database and shown at /sandbox/mail. */
export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values(message);
    },
  };
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export async function listOutbox(db: Db, limit = 50) {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }));
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain, readable e-mail body with one call-to-action link. */
export function actionEmail(options: {
  greeting: string;
  lines: string[];
  /** Left out for a notice that asks for nothing. */
  action?: { label: string; url: string };
  footer: string;
}) {
  const text = [
    options.greeting,
    '',
    ...options.lines,
    '',
    ...(options.action ? [`${options.action.label}: ${options.action.url}`, ''] : []),
    options.footer,
  ].join('\n');
  const html = `<div style="font-family:system-ui,sans-serif;max-width:480px">
<p>${escapeHtml(options.greeting)}</p>
${options.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${options.action ? `<p><a href="${escapeHtml(options.action.url)}" style="display:inline-block;padding:10px 16px;background:#0369a1;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(options.action.label)}</a></p>` : ''}
<p style="color:#555;font-size:13px">${escapeHtml(options.footer)}</p>
</div>`;
  return { text, html };
}
