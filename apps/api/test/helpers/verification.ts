import { expect } from 'vitest';
import type { TestApp } from './app';
import { call } from './factories';

type SmsMessage = { id: number; to: string; from: string; text: string; created_at: string };

/** What the SMS sandbox's outbox holds, newest first (GET /sandbox/sms/messages). */
export async function smsOutbox(t: TestApp): Promise<SmsMessage[]> {
  const res = await call(t, 'GET', '/sandbox/sms/messages');
  expect(res.status).toBe(200);
  return res.body as SmsMessage[];
}

/** The code in the newest SMS to a +234... number, as the customer would read it. */
export async function latestSmsCode(t: TestApp, phoneNumber: string): Promise<string | undefined> {
  const message = (await smsOutbox(t)).find((m) => m.to === phoneNumber.replace(/^\+/, ''));
  return message?.text.match(/\b(\d{6})\b/)?.[1];
}

/**
 * Verifies the signed-in customer's phone number the way they would: a code by SMS (the sandbox),
 * typed back. For accounts made through sign-up; createUser's are verified already.
 */
export async function verifyPhone(t: TestApp, token: string): Promise<void> {
  const sent = await call(t, 'POST', '/api/auth/phone/send-code', { token });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await latestSmsCode(t, sent.body.data.sent_to);
  const verified = await call(t, 'POST', '/api/auth/phone/verify', { token, body: { code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}
