import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminAgentDetail, Agent, Order, Page } from '@ruwa/contract';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const agent: Agent = {
  id: 3,
  user_id: 7,
  business_name: 'Ada Water Ventures',
  business_email: 'sales@adawater.ng',
  business_phone: '08031234567',
  location_id: 2,
  location_name: 'Ikeja',
  locations: [
    { id: 2, name: 'Ikeja' },
    { id: 1, name: 'Lekki' },
  ],
  image: null,
  cac_number: 'RC123456',
  sells_sachet_water: true,
  sells_bottle_water: false,
  sells_gas: true,
  sms_alerts: true,
  status: 'approved',
  decision_note: null,
  created_at: '2026-02-01T09:00:00.000Z',
};

const held: Order = {
  id: 41,
  status: 'out_for_delivery',
  product_id: 2,
  location_id: 1,
  location_name: 'Lekki',
  product_name: 'Pure Sachet Water',
  kind: 'sachet_water',
  quantity: 5,
  unit_price: 300,
  order_sub_amount: 1500,
  delivery_fee: 200,
  order_amount: 1700,
  recipient_address: '12 Admiralty Way, Lekki',
  recipient_phone: '+2348031234567',
  landmark: null,
  cylinder_size_kg: null,
  cylinder_type: null,
  delivery_window: null,
  payment_method: 'wallet',
  transaction_id: null,
  subscription_id: null,
  scheduled_for: null,
  assigned_agent_id: 3,
  delivery_locked: false,
  order_paid: true,
  order_payment_confirmed: true,
  created_at: '2026-03-01T10:00:00.000Z',
};

const detail: AdminAgentDetail = {
  agent,
  person: { id: 7, first_name: 'Adaeze', last_name: 'Okafor', email: 'ada@example.com', phone_number: '08029998888' },
  open_orders: [held],
  deliveries_done: 12,
  commission: { earned: 1250.5, paid: 1000, owed: 250.5 },
};

const pageOf = <T,>(data: T[]): Page<T> => ({
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: data.length,
  prev_page_url: null,
  next_page_url: null,
  data,
});

const locations = [
  { id: 1, name: 'Lekki' },
  { id: 2, name: 'Ikeja' },
  { id: 3, name: 'Yaba' },
].map((area) => ({ ...area, enabled: true, delivery_fee: 0, minimum_order: 0 }));

function stubAdmin(show: (id: number) => Response, update?: (body: unknown) => Response) {
  return stubFetch(({ url, method, body }) => {
    if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(locations) });
    if (method === 'POST' && url === '/api/admin/agents/update-areas' && update) return update(body);
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url.startsWith('/api/agents/index')) return jsonResponse(200, { message: '', data: pageOf([agent]) });
    if (url.startsWith('/api/admin/agents/show')) return show(Number(new URL(url, 'http://x').searchParams.get('id')));
    return undefined;
  });
}

describe('admin agent detail', () => {
  it('opens from the agents list and shows business, person, area, held orders, deliveries and commission', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubAdmin(() => jsonResponse(200, { message: '', data: detail }));
    const { user } = renderApp('/admin/agents');

    const table = await screen.findByRole('table', { name: 'Agents' });
    await user.click(await within(table).findByRole('link', { name: 'Ada Water Ventures' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Water Ventures' })).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/admin/agents/show?id=3')).toBe(true);
    const business = screen.getByRole('region', { name: 'Business' });
    expect(within(business).getByText('approved')).toBeInTheDocument();
    expect(within(business).getByText('Areas').nextElementSibling).toHaveTextContent('Ikeja, Lekki');
    expect(within(business).getByText('Sells').nextElementSibling).toHaveTextContent('Sachet water, Cooking gas');
    expect(within(business).getByRole('button', { name: 'Suspend Ada Water Ventures' })).toBeInTheDocument();
    const person = screen.getByRole('region', { name: 'Person' });
    expect(within(person).getByText('Adaeze Okafor')).toBeInTheDocument();
    expect(within(person).getByText('08029998888')).toBeInTheDocument();

    expect(screen.getByText('Deliveries done').nextElementSibling).toHaveTextContent('12');
    expect(screen.getByText('Commission earned').nextElementSibling).toHaveTextContent('₦1,250.50');
    expect(screen.getByText('Commission paid').nextElementSibling).toHaveTextContent('₦1,000');
    expect(screen.getByText('Commission owed').nextElementSibling).toHaveTextContent('₦250.50');

    const orders = screen.getByRole('list', { name: 'Open orders they hold' });
    expect(within(orders).getAllByRole('listitem')).toHaveLength(1);
    expect(orders).toHaveTextContent('Order #41: Pure Sachet Water × 5');
    expect(orders).toHaveTextContent('Out for delivery');

    await user.click(screen.getByRole('link', { name: 'Back to agents' }));
    expect(await screen.findByRole('table', { name: 'Agents' })).toBeInTheDocument();
  });

  it('says when the agent does not exist, and when the address holds no id', async () => {
    signIn({ role: 'admin' });
    stubAdmin(() => jsonResponse(404, { message: 'Agent not found.' }));
    renderApp('/admin/agents/999');
    expect(await screen.findByText('This agent does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to agents' })).toHaveAttribute('href', '/admin/agents');
  });

  it('refuses an address that is not an agent id without asking the API', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubAdmin(() => jsonResponse(200, { message: '', data: detail }));
    renderApp('/admin/agents/abc');
    expect(await screen.findByText('No agent was chosen.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url.startsWith('/api/admin/agents/show'))).toBe(false);
  });

  it('says so when an agent holds nothing', async () => {
    signIn({ role: 'admin' });
    stubAdmin(() => jsonResponse(200, { message: '', data: { ...detail, open_orders: [], person: null } }));
    renderApp('/admin/agents/3');
    expect(await screen.findByText('They hold no undelivered orders.')).toBeInTheDocument();
    expect(screen.getByText('The account behind this agent no longer exists.')).toBeInTheDocument();
  });

  it('sets the agent’s areas and what they sell, checked first, and says when it is saved', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubAdmin(
      () => jsonResponse(200, { message: '', data: detail }),
      () => jsonResponse(200, { message: 'Agent areas have been updated', data: agent }),
    );
    const { user } = renderApp('/admin/agents/3');
    const form = await screen.findByRole('form', { name: 'Where they deliver and what they sell' });
    const areas = within(form).getByRole('group', { name: 'Areas this agent delivers in' });
    expect(await within(areas).findByRole('checkbox', { name: 'Ikeja' })).toBeChecked();
    expect(within(areas).getByRole('checkbox', { name: 'Lekki' })).toBeChecked();
    expect(within(areas).getByRole('checkbox', { name: 'Yaba' })).not.toBeChecked();

    // No area at all is refused before asking the API.
    await user.click(within(areas).getByRole('checkbox', { name: 'Ikeja' }));
    await user.click(within(areas).getByRole('checkbox', { name: 'Lekki' }));
    await user.click(within(form).getByRole('button', { name: 'Save areas and products' }));
    expect(await within(form).findByText('Choose at least one area this agent delivers in.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/admin/agents/update-areas')).toBe(false);

    await user.click(within(areas).getByRole('checkbox', { name: 'Yaba' }));
    await user.click(within(form).getByRole('switch', { name: 'Sells bottle water' }));
    await user.click(within(form).getByRole('switch', { name: 'Sells cooking gas' }));
    await user.click(within(form).getByRole('button', { name: 'Save areas and products' }));
    await findToast('Success', 'Agent areas have been updated');
    expect(calls.find(({ url }) => url === '/api/admin/agents/update-areas')?.body).toEqual({
      id: 3,
      location_ids: [3],
      sells_sachet_water: true,
      sells_bottle_water: true,
      sells_gas: false,
    });
  });
});
