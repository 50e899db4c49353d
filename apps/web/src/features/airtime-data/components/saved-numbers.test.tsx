import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Beneficiary, DataBundle, VtuPurchase } from '@ruwa/contract';
import { pageOf } from '@/testing/catalog-fixtures';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const purchase: VtuPurchase = {
  id: 1,
  kind: 'airtime',
  network: 'glo',
  phone: '08051234567',
  amount: 200,
  bundle: null,
  status: 'delivered',
  payment_method: 'wallet',
  transaction_id: 'WALLET_1',
  request_id: '202601151000abc',
  created_at: '2026-01-15T10:00:00.000Z',
  card_refund_available: false,
  card_refund: null,
};
const bundles: DataBundle[] = [
  { id: 2, network: 'mtn', variation_code: 'mtn-500mb-30d', name: '500MB 30 days', price: 200, enabled: true },
];

/** The screen's reads, with saved numbers kept as the API would keep them. */
function stubApi(initial: Beneficiary[] = []) {
  let saved = [...initial];
  let nextId = 100;
  const stub = stubFetch(({ url, method, body }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url === '/api/wallet/me') return jsonResponse(200, { message: '', data: { balance: 5000, bank_details: [] } });
    if (url.startsWith('/api/vtu/me')) return jsonResponse(200, { message: '', data: pageOf([purchase]) });
    if (url.startsWith('/api/data-bundles')) return jsonResponse(200, { message: '', data: bundles });
    if (url === '/api/beneficiaries' && method === 'GET') return jsonResponse(200, { message: '', data: saved });
    if (url === '/api/beneficiaries' && method === 'POST') {
      const input = body as { name: string; phone: string; network_id: Beneficiary['network_id'] };
      const entry: Beneficiary = { id: nextId++, created_at: '2026-01-16T10:00:00.000Z', ...input };
      saved = [entry, ...saved];
      return jsonResponse(201, { message: 'The number has been saved', data: entry });
    }
    if (url === '/api/beneficiaries/remove') {
      saved = saved.filter((entry) => entry.id !== (body as { id: number }).id);
      return jsonResponse(200, { message: 'The number has been removed', data: null });
    }
    return undefined;
  });
  return stub;
}

const mum: Beneficiary = {
  id: 7,
  name: 'Mum MTN',
  phone: '+2348031234567',
  network_id: 'mtn',
  created_at: '2026-01-10T10:00:00.000Z',
};

async function openScreen(tab: 'airtime' | 'data' = 'airtime') {
  signIn();
  const rendered = renderApp(`/airtime-data?tab=${tab}`);
  await screen.findByRole('heading', { level: 1, name: 'Airtime and Data' });
  return rendered;
}

describe('saved numbers on the airtime and data screens', () => {
  it('names a recent number, which then shows under Saved numbers with its name', async () => {
    const { calls } = stubApi();
    const { user } = await openScreen();
    const recent = screen.getByRole('region', { name: 'Recent' });
    await user.click(await within(recent).findByRole('button', { name: 'Name 08051234567' }));
    const nameForm = within(recent).getByRole('form', { name: 'Name 08051234567' });
    await user.click(within(nameForm).getByRole('button', { name: 'Save name' }));
    expect(await within(nameForm).findByText('Give the number a name, e.g. Mum MTN.')).toBeInTheDocument();
    expect(calls.some(({ url, method }) => url === '/api/beneficiaries' && method === 'POST')).toBe(false);

    await user.type(within(nameForm).getByLabelText('Name for this number'), 'Sister Glo');
    await user.click(within(nameForm).getByRole('button', { name: 'Save name' }));
    await findToast('Success', 'The number has been saved');
    expect(calls.find(({ url, method }) => url === '/api/beneficiaries' && method === 'POST')?.body).toEqual({
      name: 'Sister Glo',
      phone: '+2348051234567',
      network_id: 'glo',
    });
    const savedList = await within(recent).findByRole('region', { name: 'Saved numbers' });
    expect(within(savedList).getByRole('button', { name: /^Use: Sister Glo/ })).toHaveTextContent('08051234567 · Glo');
    // Named now: the recent row says whose number it is and offers no second name.
    await waitFor(() => expect(within(recent).queryByRole('button', { name: 'Name 08051234567' })).toBeNull());
    expect(within(recent).getByRole('button', { name: /^Buy again: 08051234567 Sister Glo/ })).toBeInTheDocument();
  });

  it('fills the airtime form from a saved number, keeping the amount typed', async () => {
    stubApi([mum]);
    const { user } = await openScreen();
    const airtime = screen.getByRole('form', { name: 'Buy airtime' });
    await user.type(within(airtime).getByLabelText('Amount (₦)'), '500');
    const savedList = await screen.findByRole('region', { name: 'Saved numbers' });
    await user.click(within(savedList).getByRole('button', { name: /^Use: Mum MTN/ }));
    expect(within(airtime).getByLabelText('Phone Number')).toHaveValue('08031234567');
    expect(within(airtime).getByRole('combobox', { name: 'Network' })).toHaveValue('mtn');
    expect(within(airtime).getByLabelText('Amount (₦)')).toHaveValue('500');
  });

  it('fills the data form from a saved number', async () => {
    stubApi([mum]);
    const { user } = await openScreen('data');
    const data = screen.getByRole('form', { name: 'Buy data' });
    const savedList = await screen.findByRole('region', { name: 'Saved numbers' });
    await user.click(within(savedList).getByRole('button', { name: /^Use: Mum MTN/ }));
    expect(within(data).getByLabelText('Phone Number')).toHaveValue('08031234567');
    expect(within(data).getByRole('combobox', { name: 'Network' })).toHaveValue('mtn');
  });

  it('removes a saved number only after asking', async () => {
    const { calls } = stubApi([mum]);
    const { user } = await openScreen();
    const savedList = await screen.findByRole('region', { name: 'Saved numbers' });
    await user.click(within(savedList).getByRole('button', { name: 'Remove Mum MTN' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove this saved number?' });
    expect(ask).toHaveTextContent('Mum MTN (08031234567, MTN) will no longer be listed.');
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(calls.some(({ url }) => url === '/api/beneficiaries/remove')).toBe(false);

    await user.click(within(savedList).getByRole('button', { name: 'Remove Mum MTN' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await findToast('Success', 'The number has been removed');
    expect(calls.find(({ url }) => url === '/api/beneficiaries/remove')?.body).toEqual({ id: 7 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Saved numbers' })).toBeNull());
  });
});
