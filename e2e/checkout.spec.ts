import type { Page } from '@playwright/test';
import { expect, test, ensureWalletPin, enterWalletPin, fundWallet, signInAsNewCustomer } from './support';

const GAS = 'Cooking Gas (LPG)';
const SACHET = 'Pure Water (bag of 20 sachets)';
const HOME = '5 Allen Avenue, Ikeja';

async function openProduct(page: Page, category: string, product: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: category }).click();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Ikeja' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('link', { name: new RegExp(product.replace(/[()]/g, '\\$&')) }).click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
}

test('a 12.5 kg gas refill with the delivery fee, then water to the saved address by card', async ({ page }) => {
  const person = await signInAsNewCustomer(page);
  await fundWallet(page, 20_000);
  await ensureWalletPin(page, person.password);

  // Gas in Ikeja (₦1,180 a kg there, ₦300 delivery): one 12.5 kg refill is ₦14,750 + ₦300.
  await openProduct(page, 'Cooking Gas', GAS);
  const buy = page.getByRole('form', { name: 'Buy' });
  await expect(buy.getByLabel('Cylinder size')).toHaveValue('12.5');
  await buy.getByLabel('Number of cylinders').fill('1');
  await buy.getByLabel('Address', { exact: true }).fill(HOME);
  await buy.getByLabel('Landmark or delivery note (optional)').fill('Opposite the pharmacy, green gate');
  await expect(buy.getByLabel('Recipient phone')).not.toHaveValue('');
  await buy.getByLabel('Remember it for my next orders').check();
  await buy.getByLabel('Label, e.g. Home or Office').fill('Home');
  // The first window still open today or tomorrow is chosen; tomorrow's are always offered.
  await expect(buy.getByLabel('Delivery window')).toContainText('Tomorrow, Morning (08:00–12:00)');
  const breakdown = buy.getByRole('definition');
  await expect(buy.getByLabel('Price breakdown')).toContainText('Items₦14,750');
  await expect(buy.getByLabel('Price breakdown')).toContainText('Delivery fee₦300');
  await expect(breakdown.last()).toHaveText('₦15,050');
  await buy.getByRole('radio', { name: 'Pay with wallet (balance ₦20,000)' }).check();
  await buy.getByRole('button', { name: 'Buy ₦15,050' }).click();
  await enterWalletPin(page);
  await expect(page).toHaveURL(/\/transaction\/callback\/success(\?order=\d+)?$/);

  await page.getByRole('link', { name: 'Go to profile' }).click();
  const gasOrder = page.getByRole('link', { name: /Order ORD-\d+/ }).filter({ hasText: `${GAS} (12.5 kg refill)` });
  await expect(gasOrder).toContainText('₦15,050');
  await gasOrder.click();
  const summary = page.getByRole('region', { name: `${GAS} (12.5 kg refill)` });
  await expect(summary).toContainText('Delivery fee₦300');
  await expect(summary).toContainText('Opposite the pharmacy, green gate');

  // Water next: the saved address is preselected, landmark and all. Ikeja's ₦1,000 minimum means 4 bags.
  await openProduct(page, 'Sachet Water', SACHET);
  const water = page.getByRole('form', { name: 'Buy' });
  await expect(water.getByLabel('Saved address')).toContainText(`Home: ${HOME}`);
  await expect(water.getByLabel('Address', { exact: true })).toHaveValue(HOME);
  await expect(water.getByLabel('Landmark or delivery note (optional)')).toHaveValue(
    'Opposite the pharmacy, green gate',
  );
  await water.getByLabel('Quantity', { exact: true }).fill('3');
  await expect(water.getByText('The minimum order in Ikeja is ₦1,000 before delivery.')).toBeVisible();
  await water.getByLabel('Quantity', { exact: true }).fill('4');
  await expect(water.getByText(/minimum order/)).toHaveCount(0);
  // On a laptop, Tab onto the Buy button while it sits where the fixed tab bar covers the page's
  // bottom: the page scrolls it clear of the bar (without that, it stays focused under the bar).
  await page.setViewportSize({ width: 1366, height: 768 });
  const buyButton = water.getByRole('button', { name: 'Buy ₦1,500' });
  await buyButton.evaluate((button) => {
    (button as HTMLElement).focus({ preventScroll: true });
    window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 10);
  });
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(buyButton).toBeFocused();
  const buyBox = (await buyButton.boundingBox())!;
  const tabBarBox = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  expect(buyBox.y + buyBox.height).toBeLessThanOrEqual(tabBarBox.y);
  await page.setViewportSize({ width: 390, height: 844 });
  // Paid by card: the popup charges what the server priced, fee included.
  await buyButton.click();
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay NGN 1,500.00' }).click();
  await expect(page).toHaveURL(/\/transaction\/callback\/success(\?order=\d+)?$/);
  await page.getByRole('link', { name: 'Go to profile' }).click();
  const waterOrder = page.getByRole('link', { name: /Order ORD-\d+/ }).filter({ hasText: SACHET });
  await expect(waterOrder).toContainText('₦1,500');
});
