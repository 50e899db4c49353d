import { expect, test, DEMO_ADMIN, registerCustomer, signIn } from './support';

test('support credits a customer’s wallet with a reason; the customer sees the money, the line and the notification', async ({
  page,
  browser,
}) => {
  const { person, token } = await registerCustomer(page.request);
  const me = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  const { data: customer } = (await me.json()) as { data: { id: number } };
  const name = `${person.firstName} ${person.lastName}`;

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/customers/show?id=${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Adjust wallet' }).click();
  const form = page.getByRole('alertdialog', { name: `Adjust ${name}’s wallet` });
  await form.getByLabel('Amount (₦)').fill('1500');
  await form.getByLabel('Reason').fill('Goodwill for a late delivery');
  await form.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Credit ₦1,500 to ${name}?` });
  await confirm.getByRole('button', { name: 'Credit wallet' }).click();
  await expect(page.getByText('The wallet has been credited')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Wallet ledger' })).toContainText(
    'Support credit: Goodwill for a late delivery',
  );

  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, person.email, person.password);
  await expect(customerPage).toHaveURL(/\/home$/);
  await customerPage.goto('/wallet');
  await expect(customerPage.getByTestId('wallet-balance')).toHaveText('₦1,500');
  const line = customerPage.getByRole('list', { name: 'Wallet transactions' }).getByRole('listitem').first();
  await expect(line).toContainText('Support adjustment');
  await expect(line).toContainText('Goodwill for a late delivery');
  await customerPage.goto('/notifications');
  await expect(
    customerPage.getByText('₦1,500 was added to your wallet. Reason: Goodwill for a late delivery'),
  ).toBeVisible();
  await customerContext.close();
});

test('a large credit waits for a second admin: the admin who asked sees it pending on Withdrawals and cannot approve it', async ({
  page,
}) => {
  const { person, token } = await registerCustomer(page.request);
  const me = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  const { data: customer } = (await me.json()) as { data: { id: number } };
  const name = `${person.firstName} ${person.lastName}`;

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/customers/show?id=${customer.id}`);
  await page.getByRole('button', { name: 'Adjust wallet' }).click();
  const form = page.getByRole('alertdialog', { name: `Adjust ${name}’s wallet` });
  // Above the ₦100,000 default that needs a second admin.
  await form.getByLabel('Amount (₦)').fill('150000');
  await form.getByLabel('Reason').fill('Refund for a lost cylinder');
  await form.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('alertdialog', { name: `Credit ₦150,000 to ${name}?` })
    .getByRole('button', { name: 'Credit wallet' })
    .click();
  await expect(page.getByText('The credit waits for a second admin to approve it')).toBeVisible();

  await page.goto('/admin/withdrawals');
  const pending = page.getByRole('region', { name: 'Wallet credits to approve' });
  await expect(pending).toContainText(`₦150,000 to ${name}`);
  await pending.getByRole('button', { name: `Approve the credit of ₦150,000 to ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Approve this credit?' })
    .getByRole('button', { name: 'Approve and credit' })
    .click();
  await expect(page.getByText('Another admin must approve this credit: you asked for it.')).toBeVisible();
  // Still signed in, and nothing moved.
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  const wallet = await page.request.get('/api/wallet/me', { headers: { authorization: `Bearer ${token}` } });
  expect(((await wallet.json()) as { data: { balance: number } }).data.balance).toBe(0);
});
