import type { AppContext } from '../../lib/context';
import { actionEmail } from '../../platform/mail/mailer';
import { notify } from '../notifications/service';
import type { UserRow } from '../users/service';

/**
 * Tells the owner of an account about a change that could hand it to someone else (e-mail, phone,
 * password, PIN, a new bank account, an admin's sign-in from a new device): in the app and by
 * e-mail, at the address that was the account's before the change (the caller passes the row as it
 * was). The change has already happened, so a failed e-mail is logged, never thrown.
 */
export async function tellOwner(
  ctx: AppContext,
  before: Pick<UserRow, 'id' | 'firstName' | 'email'>,
  change: { title: string; lines: string[]; action?: { label: string; url: string } },
): Promise<void> {
  await notify(ctx.db, before.id, { kind: 'account', title: change.title, description: change.lines.join(' ') });
  try {
    await ctx.mailer.send({
      to: before.email,
      subject: `Ruwa: ${change.title}`,
      ...actionEmail({
        greeting: `Hello ${before.firstName},`,
        lines: change.lines,
        ...(change.action ? { action: change.action } : {}),
        footer:
          'If this was you, there is nothing to do. If it was not, act now and call us: your account may be in danger.',
      }),
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId: before.id }, 'account alert e-mail not sent');
  }
}
