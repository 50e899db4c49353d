import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeLocation, makeLocationProduct, pageOf } from '@/testing/catalog-fixtures';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { GasDetail } from './gas-detail';
import { PurchaseForm, type PaymentOptions } from './purchase-form';

const water = makeLocationProduct({ id: 11, product_name: 'Eva Water 75cl (12)', kind: 'bottle_water', price: 350 });
const gas = makeLocationProduct({
  id: 20,
  product_name: 'Gas refill',
  kind: 'gas',
  price: 1100,
  product_images: [],
  pivot: { location_id: 1, product_location_price: 1100 },
});

function stubUser() {
  return stubFetch(({ url }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url === '/api/wallet/me') return jsonResponse(200, { message: '', data: { balance: 2500, bank_details: [] } });
    return undefined;
  });
}

const payment = (onPay: PaymentOptions['onPay']): PaymentOptions => ({
  onPay,
  phase: 'idle',
  walletBalance: 2500,
  walletLoading: false,
});

describe('water subscription detail', () => {
  it('shows the product, a live "Buy ₦{total}" and both ways to pay', async () => {
    signIn();
    stubUser();
    const { user } = renderApp({
      pathname: '/water-sub/show',
      search: '?product_id=11&location_id=1',
      state: { subscription: water, location: 1 },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Eva Water 75cl (12)' })).toBeInTheDocument();
    expect(screen.getByText('A bag of 20 cold sachets.')).toBeInTheDocument();
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₦350');
    expect(screen.getByRole('img', { name: 'Eva Water 75cl (12)' })).toHaveAttribute(
      'src',
      '/uploads/products/sachet.png',
    );
    expect(screen.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');

    const buy = screen.getByRole('form', { name: 'Buy' });
    expect(within(buy).getByRole('button', { name: 'Buy ₦350' })).toBeEnabled();
    expect(within(buy).getByRole('radio', { name: 'Pay with card' })).toBeChecked();
    expect(await within(buy).findByRole('radio', { name: 'Pay with wallet (balance ₦2,500)' })).not.toBeChecked();

    const quantity = within(buy).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(within(buy).getByRole('button', { name: 'Buy ₦1,050' })).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(quantity).toHaveAccessibleDescription('The quantity must be at least 1.');
    expect(within(buy).getByRole('button', { name: 'Buy —' })).toBeInTheDocument();

    const address = within(buy).getByLabelText('Address');
    await user.type(address, 'Ok');
    await user.tab();
    expect(address).toHaveAccessibleDescription('The address must be at least 5 characters.');
  });

  it('breaks a subscription down into deliveries', async () => {
    signIn();
    stubUser();
    const { user } = renderApp({
      pathname: '/water-sub/show',
      search: '?product_id=11&location_id=1',
      state: { subscription: water, location: 1 },
    });
    await user.click(await screen.findByRole('tab', { name: 'Subscribe' }));
    const form = screen.getByRole('form', { name: 'Subscribe' });
    expect(within(form).getByLabelText('Duration in Days')).toHaveValue('30');
    expect(within(form).getByLabelText('Deliver every')).toHaveValue('7');
    expect(within(form).getByText('₦350 x 5 deliveries')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Subscribe ₦1,750' })).toBeEnabled();

    const quantity = within(form).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(within(form).getByText('₦700 x 5 deliveries')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Deliver every'), '14');
    expect(within(form).getByText('₦700 x 3 deliveries')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Subscribe ₦2,100' })).toBeInTheDocument();

    const duration = within(form).getByLabelText('Duration in Days');
    await user.clear(duration);
    await user.type(duration, '400');
    await user.tab();
    expect(duration).toHaveAccessibleDescription('The duration must be between 7 and 365 days.');

    // The Buy tab kept its own entries.
    await user.click(screen.getByRole('tab', { name: 'Buy' }));
    expect(within(screen.getByRole('form', { name: 'Buy' })).getByLabelText('Quantity')).toHaveValue('1');
  });

  it('after a reload finds the product at the location from the address', async () => {
    signIn();
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url.startsWith('/api/location/products/index')) {
        const page = new URL(url, 'http://x').searchParams.get('page');
        const rows = page === '1' ? [makeLocationProduct({ id: 3 })] : [water];
        return jsonResponse(200, { message: '', data: pageOf(rows, { current: Number(page), last: 2 }) });
      }
      return undefined;
    });
    renderApp('/water-sub/show?product_id=11&location_id=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Eva Water 75cl (12)' })).toBeInTheDocument();
    expect(calls.filter(({ url }) => url.startsWith('/api/location/products/index')).map(({ url }) => url)).toEqual([
      '/api/location/products/index?location_id=1&page=1&per_page=100',
      '/api/location/products/index?location_id=1&page=2&per_page=100',
    ]);
  });

  it('goes to /home without a product', async () => {
    signIn();
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url.startsWith('/api/product/category/index') || url.startsWith('/api/location/index')) {
        return jsonResponse(200, { message: '', data: pageOf([]) });
      }
      return undefined;
    });
    const { router } = renderApp('/water-sub/show');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});

describe('a detail address naming a product not sold there', () => {
  it.each(['/water-sub/show', '/gas/buy'])('%s says "Product not found" with a way home', async (pathname) => {
    signIn();
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url.startsWith('/api/location/products/index')) {
        return jsonResponse(200, { message: '', data: pageOf([makeLocationProduct({ id: 3 })]) });
      }
      if (url.startsWith('/api/product/category/index') || url.startsWith('/api/location/index')) {
        return jsonResponse(200, { message: '', data: pageOf([]) });
      }
      return undefined;
    });
    const { user, router } = renderApp(`${pathname}?product_id=999999&location_id=1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(pathname);
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
  });
});

describe('gas purchase', () => {
  it('prices the quantity in kg live', async () => {
    signIn();
    stubUser();
    const { user } = renderApp({
      pathname: '/gas/buy',
      search: '?product_id=20&location_id=1',
      state: { distro: gas, location: 1 },
    });
    const quantity = await screen.findByLabelText('Quantity (KG)');
    expect(screen.getByText('per kg')).toBeInTheDocument();
    // Gas by the kg is bought once: no Subscribe tab.
    expect(screen.queryByRole('tab', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy ₦1,100' })).toBeEnabled();
    expect(screen.queryByText('Payment opens soon')).not.toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(screen.getByRole('button', { name: 'Buy ₦13,200' })).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '1001');
    await user.tab();
    expect(quantity).toHaveAccessibleDescription('The quantity may not be greater than 1,000 kg.');
  });
});

describe('detail addresses', () => {
  it('open the screen for the product’s kind', async () => {
    signIn();
    stubUser();
    const { router } = renderApp({
      pathname: '/water-sub/show',
      search: '?product_id=20&location_id=1',
      state: { subscription: gas, location: 1 },
    });
    expect(await screen.findByLabelText('Quantity (KG)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gas/buy');
    expect(router.state.location.search).toBe('?product_id=20&location_id=1');
  });
});

describe('pay button', () => {
  it('hands the checked order to the payment flow', async () => {
    const onPay = vi.fn();
    const user = userEvent.setup();
    render(
      <PurchaseForm
        product={water}
        locationId={1}
        mode="subscribe"
        quantityLabel="Quantity"
        payment={payment(onPay)}
      />,
    );
    const pay = screen.getByRole('button', { name: 'Subscribe ₦1,750' });
    expect(pay).toBeEnabled();
    expect(screen.queryByText('Payment opens soon')).not.toBeInTheDocument();

    await user.click(pay);
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Enter the delivery address.');
    expect(onPay).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Address'), '  12 Admiralty Way, Lekki ');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Subscribe ₦3,500' }));
    expect(onPay).toHaveBeenCalledWith(
      {
        product_id: 11,
        location_id: 1,
        quantity: 2,
        recipient_address: '12 Admiralty Way, Lekki',
        duration_in_days: 30,
        delivery_interval_days: 7,
        total: 3500,
      },
      'card',
    );
  });

  it('checks the fields with the API’s order rules before paying, and the label of an address to keep', async () => {
    const onPay = vi.fn();
    const user = userEvent.setup();
    render(
      <PurchaseForm product={water} locationId={1} mode="buy" quantityLabel="Quantity" payment={payment(onPay)} />,
    );
    await user.type(screen.getByLabelText('Address'), '12 Admiralty Way, Lekki');
    await user.type(screen.getByLabelText('Recipient phone'), '12345');
    await user.click(screen.getByRole('checkbox', { name: 'Remember it for my next orders' }));
    await user.click(screen.getByRole('button', { name: 'Buy ₦350' }));
    expect(screen.getByLabelText('Recipient phone')).toHaveAccessibleDescription(
      'Enter the recipient phone as a Nigerian mobile number like 08031234567.',
    );
    expect(screen.getByLabelText('Label, e.g. Home or Office')).toHaveAccessibleDescription(
      'Give the address a label, e.g. Home or Office.',
    );
    expect(onPay).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Recipient phone'));
    await user.type(screen.getByLabelText('Recipient phone'), '0803 123 4567');
    await user.type(screen.getByLabelText('Label, e.g. Home or Office'), 'Office');
    await user.click(screen.getByRole('button', { name: 'Buy ₦350' }));
    expect(onPay).toHaveBeenCalledWith(
      expect.objectContaining({ recipient_phone: '+2348031234567', save_address_label: 'Office', quantity: 1 }),
      'card',
    );
  });

  it('waits for payments when the app passes no payment flow', () => {
    render(<PurchaseForm product={water} locationId={1} mode="buy" quantityLabel="Quantity" />);
    const pay = screen.getByRole('button', { name: 'Buy ₦350' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Payment opens soon');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

describe('checkout breakdown', () => {
  const cylinders = makeLocationProduct({
    id: 21,
    product_name: 'Cooking Gas',
    kind: 'gas',
    price: 1200,
    cylinders: [
      { size_kg: 6, refill_price: 7000, new_price: null },
      { size_kg: 12.5, refill_price: 15_000, new_price: 52_000 },
    ],
  });
  const ikeja = makeLocation({ id: 2, name: 'Ikeja', delivery_fee: 300, minimum_order: 1000 });

  it('adds the area’s delivery fee, prices gas per cylinder of the chosen size, and sends the size', async () => {
    const onPay = vi.fn();
    const user = userEvent.setup();
    render(
      <PurchaseForm
        product={cylinders}
        locationId={2}
        location={ikeja}
        mode="buy"
        quantityLabel="Number of cylinders"
        payment={payment(onPay)}
      />,
    );
    // 12.5 kg, the household standard, is chosen first.
    expect(screen.getByLabelText('Cylinder size')).toHaveValue('12.5');
    const breakdown = screen.getByLabelText('Price breakdown');
    expect(breakdown).toHaveTextContent('Items₦15,000');
    expect(breakdown).toHaveTextContent('Delivery fee₦300');
    expect(breakdown).toHaveTextContent('Total₦15,300');
    await user.selectOptions(screen.getByLabelText('Refill or new cylinder'), 'new');
    expect(screen.getByRole('button', { name: 'Buy ₦52,300' })).toBeEnabled();
    await user.selectOptions(screen.getByLabelText('Cylinder size'), '6');
    // No new 6 kg cylinders here: the choice goes, and the refill is priced.
    expect(screen.queryByLabelText('Refill or new cylinder')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Number of cylinders'));
    await user.type(screen.getByLabelText('Number of cylinders'), '2');
    await user.type(screen.getByLabelText('Address'), '5 Allen Avenue, Ikeja');
    await user.click(screen.getByRole('button', { name: 'Buy ₦14,300' }));
    expect(onPay).toHaveBeenCalledWith(
      expect.objectContaining({ quantity: 2, cylinder_size_kg: 6, cylinder_type: 'refill', total: 14_300 }),
      'card',
    );
  });

  it('subscribes to a cylinder size like a one-off order: sends the size, priced per cylinder for every delivery', async () => {
    const onPay = vi.fn();
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <GasDetail product={cylinders} locationId={2} location={ikeja} backHref="/gas" payment={payment(onPay)} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('tab', { name: 'Subscribe' }));
    const subscribe = screen.getByRole('form', { name: 'Subscribe' });
    expect(within(subscribe).getByLabelText('Cylinder size')).toHaveValue('12.5');
    await user.selectOptions(within(subscribe).getByLabelText('Refill or new cylinder'), 'new');
    await user.clear(within(subscribe).getByLabelText('Duration in Days'));
    await user.type(within(subscribe).getByLabelText('Duration in Days'), '14');
    await user.type(within(subscribe).getByLabelText('Address'), '5 Allen Avenue, Ikeja');
    // Two weekly deliveries of one new 12.5 kg cylinder, each with the area's fee.
    await user.click(within(subscribe).getByRole('button', { name: 'Subscribe ₦104,600' }));
    expect(onPay).toHaveBeenCalledWith(
      expect.objectContaining({
        quantity: 1,
        cylinder_size_kg: 12.5,
        cylinder_type: 'new',
        duration_in_days: 14,
        delivery_interval_days: 7,
        total: 104_600,
      }),
      'card',
    );
  });

  it('says when the items are below the area’s minimum order', () => {
    render(
      <PurchaseForm
        product={water}
        locationId={2}
        location={ikeja}
        mode="buy"
        quantityLabel="Quantity"
        payment={payment(vi.fn())}
      />,
    );
    expect(screen.getByText('The minimum order in Ikeja is ₦1,000 before delivery.')).toBeInTheDocument();
    expect(screen.getByLabelText('Price breakdown')).toHaveTextContent('Total₦650');
  });
});
