import { type Browser } from '@playwright/test';
import {
  expect,
  test,
  bearer,
  DEMO_ADMIN,
  ensureWalletPin,
  enterWalletPin,
  fundWallet,
  newCustomer,
  signIn,
  signUp,
  verifyPhone,
} from './support';

/** A delivered number (the VTU sandbox fails those ending 0000 and holds those ending 9999). */
function deliveredPhone() {
  for (;;) {
    const phone = `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    if (!/(0000|9999)$/.test(phone)) return phone;
  }
}

async function signedIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return page;
}

test('a referral earns the referrer a reward and the buyer a raffle ticket, which the admin draws', async ({
  browser,
}) => {
  test.slow(); // three people, a payment and a draw
  const referrer = newCustomer();
  const buyer = newCustomer();

  // A registers, and finds their referral code.
  const a = await (await browser.newContext()).newPage();
  await signUp(a, referrer);
  await signIn(a, referrer.email, referrer.password);
  await expect(a).toHaveURL(/\/home$/);
  // Rewards go to verified phone numbers only, on both sides of a referral.
  await verifyPhone(a, referrer.phone);
  const me = await a.request.get('/api/users/me', { headers: await bearer(a) });
  const referralCode = ((await me.json()) as { data: { referral_code: string } }).data.referral_code;
  expect(referralCode).toBeTruthy();

  // B registers with A's code, funds the wallet and buys ₦1,000 airtime with it.
  const b = await (await browser.newContext()).newPage();
  await signUp(b, buyer, referralCode);
  await signIn(b, buyer.email, buyer.password);
  await expect(b).toHaveURL(/\/home$/);
  await verifyPhone(b, buyer.phone);
  await fundWallet(b, 2000);
  await ensureWalletPin(b, buyer.password);
  await b.goto('/airtime-data');
  const form = b.getByRole('form', { name: 'Buy airtime' });
  await form.getByLabel('Amount (₦)').fill('1000');
  await form.getByLabel('Phone Number').fill(deliveredPhone());
  await form.getByRole('radio', { name: /Pay with wallet/ }).check();
  await form.getByRole('button', { name: 'Pay ₦1,000' }).click();
  await enterWalletPin(b);
  await expect(b).toHaveURL(/\/transaction\/purchase\?id=\d+$/);
  await expect(b.getByRole('heading', { name: 'Your airtime was delivered' })).toBeVisible();

  // A sees the reward (1% of ₦1,000 with the default settings) and a notification.
  await a.goto('/wallet/rewards');
  await expect(a.getByTestId('referral-total')).toHaveText('₦10');
  await expect(a.getByRole('tab', { name: 'Referrals' })).toHaveAttribute('aria-selected', 'true');
  const rewards = a.getByRole('list', { name: 'Referral rewards' });
  await expect(rewards).toContainText('Referral bonus');
  await expect(rewards).toContainText(`${buyer.firstName} bought airtime`);
  await expect(rewards).toContainText('+₦10');
  await a.getByRole('tab', { name: 'Raffle Tickets' }).click();
  await expect(a.getByText('No data yet')).toBeVisible();

  // The reward is money in A's wallet: the balance and a Reward entry on /wallet.
  await a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(a).toHaveURL(/\/wallet$/);
  await expect(a.getByTestId('wallet-balance')).toHaveText('₦10');
  const entry = a.getByRole('list', { name: 'Wallet transactions' }).getByRole('listitem').first();
  await expect(entry).toContainText('Reward');
  await expect(entry).toContainText(`Referral bonus from ${buyer.firstName}`);
  await expect(entry).toContainText('+₦10');

  await expect(a.getByRole('link', { name: /^Notification, \d+ unread$/ })).toBeVisible();
  await a.getByRole('link', { name: /^Notification/ }).click();
  await expect(a).toHaveURL(/\/notifications$/);
  const reward = a.getByRole('button', { name: /You earned a referral bonus/ });
  await expect(reward).toContainText(`₦10 from ${buyer.firstName}'s airtime purchase is in your wallet.`);
  await a.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(a.getByRole('link', { name: 'Notification', exact: true })).toBeVisible();
  await expect(a.getByRole('button', { name: /You earned a referral bonus/ })).toHaveCount(0);
  await expect(a.getByText('You earned a referral bonus')).toBeVisible();

  // B holds a live ticket.
  await b.goto('/wallet/rewards');
  await b.getByRole('tab', { name: 'Raffle Tickets' }).click();
  const tickets = b.getByRole('list', { name: 'Raffle tickets' });
  await expect(tickets).toContainText('Live');
  const slug = (await tickets.locator('.font-mono').first().textContent())!.trim();
  expect(slug).toMatch(/^RUWA-/);

  // The admin draws. On a fresh app B holds the only live ticket; when other specs left tickets
  // behind, the admin keeps drawing (each draw uses one ticket up) until B's is picked.
  const admin = await signedIn(browser, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.getByRole('button', { name: 'Menu' }).click(); // a phone-sized screen: the sidebar is folded
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Raffle Tickets' }).click();
  await expect(admin.getByRole('table', { name: 'Raffle tickets' })).toContainText(slug);
  await admin.getByRole('link', { name: 'Draw raffle' }).click();
  await expect(admin).toHaveURL(/\/admin\/raffle-tickets\/draw$/);
  await expect(admin.getByText('Winning Raffle ticket details will show here')).toBeVisible();
  const result = admin.getByRole('region', { name: 'Draw result' });
  for (let attempt = 0; attempt < 20; attempt += 1) {
    // The previous draw's toast goes first, so the one awaited below is this draw's.
    await expect(admin.getByText('Raffle draw successful')).toHaveCount(0);
    await admin.getByRole('button', { name: 'Draw Raffle' }).click();
    await admin.getByRole('alertdialog', { name: 'Draw the raffle?' }).getByRole('button', { name: 'Draw' }).click();
    await expect(admin.getByText('Raffle draw successful')).toBeVisible();
    await expect(admin.getByRole('alertdialog')).toHaveCount(0);
    if ((await result.textContent())?.includes(buyer.email)) break;
  }
  await expect(result).toContainText(slug);
  await expect(result).toContainText(`${buyer.firstName} ${buyer.lastName}`);
  await expect(result).toContainText(buyer.email);
  await expect(result).toContainText(buyer.phone);
  await expect(admin.getByRole('table', { name: 'Past draws' })).toContainText(slug);

  // B is told.
  await b.goto('/notifications');
  await expect(b.getByText('You won the raffle!')).toBeVisible();
  await expect(b.getByRole('button', { name: /You won the raffle!/ })).toContainText(`Your ticket ${slug} won.`);
});
