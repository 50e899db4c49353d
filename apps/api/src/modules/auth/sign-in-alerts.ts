import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { lagosDateTimeText } from '../../lib/lagos-time';
import { audit, findAuditEntry, hasAuditEntry } from '../audit/service';
import { usersByIds, type UserRow } from '../users/service';
import { tellOwner } from './account-alerts';

/** Where a sign-in came from, as its request shows it. */
export type SignInClient = { userAgent: string; address: string };

/** The client of a sign-in request; the address is the one rate limits count (TRUST_PROXY decides it). */
export const signInClientOf = (request: FastifyRequest): SignInClient => ({
  userAgent: request.headers['user-agent'] ?? '',
  address: request.ip,
});

export const ADMIN_SIGN_IN = 'auth.admin_sign_in';
const KNOWN_FOR_DAYS = 90;
// Enough for any real browser's; a longer header is cut, and compared cut.
const MAX_USER_AGENT = 512;

/**
 * Records an admin's sign-in and, when it came from a new device, queues the alert that tells the
 * admin (in the app and by e-mail, through tellOwner): the sign-in answers once the record and the
 * queued job are written, so a slow or failing mailer neither delays nor breaks it.
 *
 * A new device, honestly defined with what the server can see: a sign-in whose browser (its
 * User-Agent header, exactly) and client address, as a pair, appear in none of this admin's sign-ins
 * of the last 90 days. Sessions (auth_tokens) keep neither, so each admin sign-in is written to the
 * audit log (`auth.admin_sign_in` on the user, `after: { user_agent, address }`) and that is what is
 * compared. An address alone changing (a laptop on another network) counts as new: one alert too
 * many is cheap, one too few is not. The first sign-in ever recorded for an admin is not alerted:
 * there is nothing yet to compare it with (so turning this on does not alert every admin at once).
 * Customers' sign-ins are neither recorded nor alerted.
 */
export async function noteAdminSignIn(ctx: AppContext, user: UserRow, client: SignInClient): Promise<void> {
  if (user.role !== 'admin') return;
  const device = { user_agent: client.userAgent.slice(0, MAX_USER_AGENT), address: client.address };
  const trail = { entity: 'users', entityId: user.id, action: ADMIN_SIGN_IN };
  const since = new Date(Date.now() - KNOWN_FOR_DAYS * 24 * 3600_000);
  const [signedInBefore, known] = await Promise.all([
    hasAuditEntry(ctx.db, trail),
    hasAuditEntry(ctx.db, { ...trail, since, afterHas: device }),
  ]);
  const signInId = await audit(ctx.db, { actorId: user.id, ...trail, after: device });
  if (!signedInBefore || known) return;
  try {
    // On PostgreSQL the job is a row of the shared queue, written before the answer: it is sent
    // even if this instance stops right after answering.
    await ctx.jobs.send(ADMIN_SIGN_IN_ALERT_JOB, { sign_in: signInId });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id, signInId }, 'new-device sign-in alert not queued');
  }
}

export const ADMIN_SIGN_IN_ALERT_JOB = 'auth.admin-sign-in-alert';
/** Written once an alert went out, naming its sign-in, so a job run again does not alert twice. */
export const ADMIN_SIGN_IN_ALERTED = 'auth.admin_sign_in_alerted';

/**
 * The job: tells the admin of the new-device sign-in recorded as audit entry `sign_in`, with that
 * entry's device and time. The alert is marked sent after tellOwner (which logs a failed e-mail
 * rather than throwing), and a sign-in already marked is skipped: a job run twice (retried after a
 * failure, or after its worker stopped) alerts once, unless the worker stopped between the alert
 * and its mark, when the admin is told twice rather than never.
 */
export async function sendAdminSignInAlert(ctx: AppContext, data: Record<string, unknown>): Promise<void> {
  const signInId = Number(data.sign_in);
  const entry = Number.isSafeInteger(signInId) ? await findAuditEntry(ctx.db, signInId, ADMIN_SIGN_IN) : undefined;
  if (!entry) return;
  const userId = Number(entry.entityId);
  const alerted = { entity: 'users', entityId: userId, action: ADMIN_SIGN_IN_ALERTED };
  if (await hasAuditEntry(ctx.db, { ...alerted, afterHas: { sign_in: signInId } })) return;
  const user = (await usersByIds(ctx.db, [userId])).get(userId);
  if (!user) return;
  const device = entry.after as { user_agent: string; address: string };
  await tellOwner(ctx, user, {
    title: 'New sign-in to your admin account',
    lines: [
      `Someone signed in to your Ruwa admin account from a browser or address it has not used in the last ${KNOWN_FOR_DAYS} days.`,
      `When: ${lagosDateTimeText(entry.createdAt)}, Lagos time.`,
      `Browser and device: ${describeDevice(device.user_agent)}.`,
      `Address: ${device.address}.`,
      'If it was not you, change your password now (Profile, Change password): that signs everyone else out. Then turn two-factor sign-in off and on again under Settings, and check the audit log for anything done in your name.',
    ],
  });
  await audit(ctx.db, { actorId: null, ...alerted, after: { sign_in: signInId } });
}

// The first match names it: Edge and Opera also say Chrome, Chrome also says Safari, and iPhones say
// "like Mac OS X", Android "Linux".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Microsoft Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPhone|\biPad|\biPod/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Windows" from a User-Agent header; the header itself when neither is recognised. */
export function describeDevice(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  return userAgent ? `unrecognised (${userAgent.slice(0, 120)})` : 'not given by the browser';
}
