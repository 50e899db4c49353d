import { expect, test, DEMO_ADMIN, DEMO_CUSTOMER, signIn } from './support';

// A 1x1 PNG for the catalogue images.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC',
  'base64',
);

const stamp = Date.now().toString(36);
const categoryName = `Dispenser Water ${stamp}`;
const locationName = `Ajah ${stamp}`;
const productName = `Ruwa Dispenser 19L ${stamp}`;

// The customer's journey needs what the admin creates first.
test.describe.configure({ mode: 'serial' });

test('an admin creates a category, a location and a product priced at two locations', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  // Category, from the sidebar (a menu on a phone-sized screen).
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Product Category' }).click();
  await expect(page.getByRole('table', { name: 'Product categories' })).toContainText('Sachet Water');
  await page.getByRole('link', { name: 'Create category' }).click();
  await page.getByLabel('Name', { exact: true }).fill(categoryName);
  await page.getByLabel('Kind').selectOption({ label: 'Bottle water' });
  await page.getByLabel('Category image').setInputFiles({ name: 'dispenser.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText('Category has been created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/product-category$/);
  await expect(page.getByRole('table', { name: 'Product categories' })).toContainText(categoryName);

  // Location.
  await page.goto('/admin/locations');
  await page.getByRole('link', { name: 'Create location' }).click();
  await page.getByLabel('Name', { exact: true }).fill(locationName);
  await expect(page.getByLabel('State')).toHaveValue('lagos');
  await expect(page.getByLabel('Country')).toHaveValue('nigeria');
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByText('Location has been created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/locations$/);
  await expect(page.getByRole('table', { name: 'Locations' })).toContainText(locationName);

  // Product with a price at the new location and another at Lekki.
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Create product' }).click();
  await page.getByLabel('Name', { exact: true }).fill(productName);
  await page.getByLabel('Description').fill('A 19 litre bottle for your dispenser.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await page.getByLabel('Base price (₦)').fill('2000');
  await page.getByLabel('Tags').fill('water, dispenser');
  await page.getByLabel('Location 1', { exact: true }).selectOption({ label: locationName });
  await page.getByLabel('Price 1', { exact: true }).fill('2500');
  await page.getByRole('button', { name: 'Add location' }).click();
  await page.getByLabel('Location 2', { exact: true }).selectOption({ label: 'Lekki' });
  await page.getByLabel('Price 2', { exact: true }).fill('2600');
  await page.getByLabel('Product image').setInputFiles({ name: 'dispenser.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product has been created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);

  const row = page.getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText(categoryName);
  await expect(row).toContainText('₦2,000');
  await expect(row.getByRole('cell').nth(5)).toHaveText('2');

  // The edit screen also works from its address alone (a reload).
  await row.getByText(productName).click();
  await expect(page).toHaveURL(/\/admin\/products\/update\?id=\d+$/);
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(productName);
  await expect(page.getByLabel('Price 1', { exact: true })).not.toHaveValue('');
});

test('a customer finds the product at the location price and sees the total follow the quantity', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ruwa' })).toBeVisible();
  await expect(page.getByText('Recharge your phone and get the cheapest rates')).toBeAttached();

  await page.getByRole('button', { name: categoryName }).click();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: locationName });
  await submit.click();

  await expect(page).toHaveURL(/\/results\?location_id=\d+&category_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Water Subscriptions' })).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(productName) });
  await expect(card).toContainText('₦2,500');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\/products\//);

  // The results survive a reload (the choice is in the address).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Water Subscriptions' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(productName) }).click();

  await expect(page).toHaveURL(/\/water-sub\/show\?product_id=\d+&location_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByTestId('unit-price')).toHaveText('₦2,500');

  const buy = page.getByRole('form', { name: 'Buy' });
  await expect(buy.getByRole('button', { name: 'Buy ₦2,500' })).toBeEnabled();
  await buy.getByLabel('Quantity', { exact: true }).fill('3');
  await expect(buy.getByRole('button', { name: 'Buy ₦7,500' })).toBeVisible();

  await page.getByRole('tab', { name: 'Subscribe' }).click();
  const subscribe = page.getByRole('form', { name: 'Subscribe' });
  await subscribe.getByLabel('Quantity', { exact: true }).fill('2');
  await subscribe.getByLabel('Duration in Days').fill('28');
  await expect(subscribe.getByText('₦5,000 x 4 deliveries')).toBeVisible();
  await expect(subscribe.getByRole('button', { name: 'Subscribe ₦20,000' })).toBeVisible();

  // The detail screen survives a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByTestId('unit-price')).toHaveText('₦2,500');
});
