import { expect, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@ruwa.local', password: 'ruwa-admin-2026' };
export const DEMO_CUSTOMER = { email: 'ada@ruwa.local', password: 'ruwa-demo-2026' };

let counter = 0;
/** A unique, valid new customer for one test. */
export function newCustomer() {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Kemi',
    lastName: `Adeyemi`,
    email: `kemi.${stamp}@example.com`,
    phone: `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
    password: 'sachet-water-42',
  };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The newest e-mail the sandbox outbox holds for an address. */
export async function latestMailTo(page: Page, to: string) {
  let message: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/sandbox/mail/messages');
      const messages = (await res.json()) as { to: string; subject: string; text: string }[];
      message = messages.find((m) => m.to === to);
      return Boolean(message);
    })
    .toBe(true);
  return message!;
}
