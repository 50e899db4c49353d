import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Bill, BillService } from '@ruwa/contract';
import { TEST_WALLET_PIN } from '@/testing/wallet-pin';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch, type RecordedRequest } from '@/testing/render-app';

const services: BillService[] = [
  {
    service_id: 'ikeja-electric',
    name: 'Ikeja Electric (IKEDC)',
    category: 'electricity',
    min_amount_kobo: 1_000_00,
    max_amount_kobo: 500_000_00,
    enabled: true,
  },
  {
    service_id: 'eko-electric',
    name: 'Eko Electric (EKEDC)',
    category: 'electricity',
    min_amount_kobo: 1_000_00,
    max_amount_kobo: 500_000_00,
    enabled: true,
  },
];

function makeBill(overrides: Partial<Bill> = {}): Bill {
  return {
    id: 7,
    reference: 'VTU-7',
    category: 'electricity',
    service_id: 'ikeja-electric',
    service_name: 'Ikeja Electric (IKEDC)',
    billers_code: '1111111111111',
    meter_type: 'prepaid',
    customer_name: 'TESTMETER1',
    address: 'ABULE - ABULE',
    phone: '08031234567',
    status: 'delivered',
    token: '12345678901234567890',
    units: '23.8 kWh',
    amount_kobo: 5_000_00,
    payment_method: 'wallet',
    created_at: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function stubApi({
  bill = makeBill(),
  write,
}: { bill?: Bill; write?: (r: RecordedRequest) => Response | undefined } = {}) {
  return stubFetch((request) => {
    const { url, method } = request;
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url === '/api/wallet/me')
      return jsonResponse(200, { message: '', data: { balance: 20_000, bank_details: [] } });
    if (url === '/api/bills/services?category=electricity') return jsonResponse(200, { message: '', data: services });
    if (url.startsWith('/api/bills/show')) return jsonResponse(200, { message: '', data: bill });
    if (method === 'POST') return write?.(request);
    return undefined;
  });
}

const verified = (body: { billers_code: string }) =>
  body.billers_code === '1111111111111'
    ? jsonResponse(200, {
        message: 'Meter found',
        data: { customer_name: 'TESTMETER1', address: 'ABULE - ABULE', meter_type: 'prepaid' },
      })
    : jsonResponse(422, {
        message: 'We could not find this meter.',
        errors: {
          billers_code: ['We could not find this meter. Check the number, the company and prepaid or postpaid.'],
        },
      });

async function openScreen() {
  signIn();
  const rendered = renderApp('/electricity');
  await screen.findByRole('heading', { level: 1, name: 'Electricity' });
  return rendered;
}

describe('electricity screen', () => {
  it('checks the meter before asking for money: an unknown meter shows its error, a known one its name and address', async () => {
    const { calls } = stubApi({
      write: ({ url, body }) => (url === '/api/bills/verify' ? verified(body as { billers_code: string }) : undefined),
    });
    const { user } = await openScreen();
    const form = screen.getByRole('form', { name: 'Pay electricity' });
    await user.selectOptions(
      await within(form).findByRole('combobox', { name: 'Electricity company' }),
      'Ikeja Electric (IKEDC)',
    );
    expect(within(form).getByRole('radio', { name: 'Prepaid' })).toBeChecked();
    expect(within(form).queryByLabelText('Amount (₦)')).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Meter number'), '12345678901');
    await user.click(within(form).getByRole('button', { name: 'Check meter' }));
    expect(await within(form).findByText(/could not find this meter/)).toBeInTheDocument();
    expect(within(form).queryByLabelText('Amount (₦)')).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Meter number'));
    await user.type(within(form).getByLabelText('Meter number'), '1111111111111');
    await user.click(within(form).getByRole('button', { name: 'Check meter' }));
    const found = await within(form).findByRole('status', { name: 'Meter found' });
    expect(found).toHaveTextContent('TESTMETER1');
    expect(found).toHaveTextContent('ABULE - ABULE');
    expect(calls.filter(({ url }) => url === '/api/bills/verify').at(-1)?.body).toEqual({
      service_id: 'ikeja-electric',
      type: 'prepaid',
      billers_code: '1111111111111',
    });

    // Another meter type is another meter: it must be checked again.
    await user.click(within(form).getByRole('radio', { name: 'Postpaid' }));
    expect(within(form).queryByRole('status', { name: 'Meter found' })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Check meter' })).toBeVisible();
  });

  it('pays from the wallet with the PIN and lands on the token, which copies', async () => {
    const { calls } = stubApi({
      write: ({ url, body }) => {
        if (url === '/api/bills/verify') return verified(body as { billers_code: string });
        if (url === '/api/bills/pay') return jsonResponse(201, { message: 'Paid', data: makeBill() });
        return undefined;
      },
    });
    const { user, router } = await openScreen();
    const form = screen.getByRole('form', { name: 'Pay electricity' });
    await user.selectOptions(
      await within(form).findByRole('combobox', { name: 'Electricity company' }),
      'Ikeja Electric (IKEDC)',
    );
    await user.type(within(form).getByLabelText('Meter number'), '1111111111111');
    await user.click(within(form).getByRole('button', { name: 'Check meter' }));
    await user.type(await within(form).findByLabelText('Amount (₦)'), '5000');
    await user.click(within(form).getByRole('radio', { name: 'Pay with wallet (balance ₦20,000)' }));
    await user.click(within(form).getByRole('button', { name: 'Pay ₦5,000' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/bills/show'));
    expect(router.state.location.search).toBe('?reference=VTU-7');
    expect(calls.find(({ url }) => url === '/api/bills/pay')?.body).toEqual({
      service_id: 'ikeja-electric',
      type: 'prepaid',
      billers_code: '1111111111111',
      amount: 5000,
      phone: '+2348031234567',
      payment_method: 'wallet',
      pin: TEST_WALLET_PIN,
    });

    expect(await screen.findByRole('heading', { name: 'Your electricity is paid' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your token')).toHaveTextContent('1234 5678 9012 3456 7890');
    expect(screen.getByText('Units: 23.8 kWh')).toBeInTheDocument();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith('12345678901234567890');
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/receipts/VTU-7');
  });

  it('says honestly when a payment is pending or was sent back, never that it succeeded', async () => {
    stubApi({ bill: makeBill({ status: 'pending', token: null, units: null }) });
    signIn();
    renderApp('/bills/show?reference=VTU-7');
    expect(await screen.findByRole('heading', { name: 'Your payment is being processed' })).toBeInTheDocument();
    expect(screen.getByText(/₦5,000 comes back to you/)).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('Your token')).not.toBeInTheDocument();
  });

  it('shows a refused card payment as going back to the card', async () => {
    stubApi({ bill: makeBill({ status: 'refunded', token: null, units: null, payment_method: 'card' }) });
    signIn();
    renderApp('/bills/show?reference=VTU-7');
    expect(
      await screen.findByRole('heading', { name: 'Your electricity payment could not be completed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/on its way back to your card/)).toBeInTheDocument();
    expect(screen.queryByText(/is paid/)).not.toBeInTheDocument();
  });
});
