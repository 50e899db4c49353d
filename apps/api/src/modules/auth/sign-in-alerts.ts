import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { lagosDateTimeText } from '../../lib/lagos-time';
import { audit, hasAuditEntry } from '../audit/service';
import type { UserRow } from '../users/service';
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
 * Records an admin's sign-in and tells the admin (in the app and by e-mail, through tellOwner) when
 * it came from a new device.
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
  await audit(ctx.db, { actorId: user.id, ...trail, after: device });
  if (!signedInBefore || known) return;
  await tellOwner(ctx, user, {
    title: 'New sign-in to your admin account',
    lines: [
      `Someone signed in to your Ruwa admin account from a browser or address it has not used in the last ${KNOWN_FOR_DAYS} days.`,
      `When: ${lagosDateTimeText(new Date())}, Lagos time.`,
      `Browser and device: ${describeDevice(device.user_agent)}.`,
      `Address: ${device.address}.`,
      'If it was not you, change your password now (Profile, Change password): that signs everyone else out. Then turn two-factor sign-in off and on again under Settings, and check the audit log for anything done in your name.',
    ],
  });
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
