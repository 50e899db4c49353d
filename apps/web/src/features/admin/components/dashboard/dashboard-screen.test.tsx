import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { dashboardChart, makeDashboard } from './dashboard-fixture';
import { ORDERS_BY_STATUS_NOTE, ORDERS_CHART_NOTE } from './dashboard-figures';

function figure(label: string): HTMLElement {
  const card = screen.getByText(label, { selector: 'dt' }).closest<HTMLElement>('[data-figure]');
  if (!card) throw new Error(`No figure card "${label}"`);
  return card;
}

function stubDashboard(byRange: Record<string, ReturnType<typeof makeDashboard>> = {}) {
  signIn({ role: 'admin' });
  return stubFetch(({ url }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url.startsWith('/api/admin/dashboard')) {
      const range = new URL(url, 'http://x').searchParams.get('range') ?? '';
      const data = byRange[range];
      return data
        ? jsonResponse(200, { message: '', data })
        : jsonResponse(400, { message: 'Choose today, 7d or 30d.' });
    }
    return undefined;
  });
}

describe('admin dashboard', () => {
  it('shows the figures of the range and the two 30-day charts', async () => {
    const { calls } = stubDashboard({ '7d': makeDashboard('7d') });
    renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('₦75,000')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/admin/dashboard?range=7d')).toBe(true);
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

    expect(within(figure('Total revenue')).getByText('₦75,000')).toBeInTheDocument();
    expect(within(figure('Water')).getByText('₦20,000')).toBeInTheDocument();
    expect(within(figure('Water')).getByText('Sachet ₦12,000 · Bottle ₦8,000')).toBeInTheDocument();
    expect(within(figure('Gas')).getByText('₦45,500')).toBeInTheDocument();
    expect(within(figure('Airtime')).getByText('₦3,200')).toBeInTheDocument();
    expect(within(figure('Data')).getByText('₦6,300')).toBeInTheDocument();
    expect(within(figure('Delivered')).getByText('12')).toBeInTheDocument();
    expect(within(figure('Awaiting payment')).getByText('2')).toBeInTheDocument();
    expect(within(figure('Cancelled')).getByText('0')).toBeInTheDocument();
    expect(within(figure('VTU success rate')).getByText('90%')).toBeInTheDocument();
    expect(within(figure('VTU success rate')).getByText('18 of 20 purchases delivered')).toBeInTheDocument();
    expect(within(figure('VTU refunds')).getByText('₦1,500 refunded')).toBeInTheDocument();
    expect(within(figure('Deposits')).getByText('₦120,000')).toBeInTheDocument();
    expect(within(figure('Withdrawals')).getByText('2 withdrawals')).toBeInTheDocument();
    expect(within(figure('Wallet float')).getByText('₦410,250')).toBeInTheDocument();
    expect(within(figure('New customers')).getByText('14')).toBeInTheDocument();
    expect(within(figure('Active subscriptions')).getByText('6')).toBeInTheDocument();
    expect(within(figure('Pending agent applications')).getByText('3')).toBeInTheDocument();

    // The charts: pictures with a summary, and the figures as tables for assistive technology.
    const revenue = screen.getByRole('img', { name: /Revenue per day by kind/ });
    expect(revenue).toHaveAccessibleName(expect.stringContaining('the best day was 10 Mar with ₦50,500'));
    // 30 days x kinds, skipping the empty segments: 24 sachet, 1 bottle, 24 gas, 30 airtime, 15 data.
    expect(revenue.querySelectorAll('rect')).toHaveLength(94);
    const orders = screen.getByRole('img', { name: /Orders per day/ });
    expect(orders).toHaveAccessibleName(expect.stringContaining('the busiest day was 20 Mar with 40'));
    expect(orders.querySelectorAll('rect')).toHaveLength(30);
    const ordersTable = screen.getByRole('table', { name: 'Orders per day, last 30 days' });
    expect(within(ordersTable).getByRole('row', { name: '20 Mar 40' })).toBeInTheDocument();
    const revenueTable = screen.getByRole('table', { name: 'Revenue per day by kind, last 30 days' });
    expect(within(revenueTable).getAllByRole('row')).toHaveLength(31);
  });

  it('labels the axes with whole numbers, a date a week apart, and says what each order figure counts', async () => {
    const quiet = dashboardChart().map((day, index) => ({
      ...day,
      revenue: { sachet_water: 0, bottle_water: 0, gas: 0, airtime: 0, data: 0 },
      orders: index === 3 ? 1 : 0,
    }));
    stubDashboard({ '7d': makeDashboard('7d', { chart: quiet }) });
    renderApp('/admin');
    const orders = await screen.findByRole('img', { name: /Orders per day/ });
    const revenue = screen.getByRole('img', { name: /Revenue per day by kind/ });
    const ticks = (chart: HTMLElement) =>
      [...chart.querySelectorAll('[data-tick] text')].map((label) => label.textContent);
    // One order at most: 0 and 1, never a half order; no revenue: ₦0 and ₦1, never '₦0.5'.
    expect(ticks(orders)).toEqual(['0', '1']);
    expect(ticks(revenue)).toEqual(['₦0', '₦1']);
    // Dates counted back from the last day, a week apart, so the last two never crowd each other.
    expect([...orders.querySelectorAll('[data-axis-day]')].map((label) => label.textContent)).toEqual([
      '2 Mar',
      '9 Mar',
      '16 Mar',
      '23 Mar',
      '30 Mar',
    ]);
    expect(screen.getByText(ORDERS_BY_STATUS_NOTE)).toBeInTheDocument();
    expect(screen.getByText(ORDERS_CHART_NOTE)).toBeInTheDocument();
  });

  it('switches the range and keeps it in the address', async () => {
    const { calls } = stubDashboard({
      '7d': makeDashboard('7d'),
      '30d': makeDashboard('30d', { revenue_total: 250_000, new_customers: 61 }),
    });
    const { user, router } = renderApp('/admin');
    expect(await screen.findByText('₦75,000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(await screen.findByText('₦250,000')).toBeInTheDocument();
    expect(within(figure('New customers')).getByText('61')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(router.state.location.search).toBe('?range=30d');
    expect(calls.at(-1)?.url).toBe('/api/admin/dashboard?range=30d');
  });

  it('opens on the range in the address and shows a dash for a rate with nothing to measure', async () => {
    stubDashboard({
      today: makeDashboard('today', { revenue_total: 900, vtu: { ...makeDashboard().vtu, success_rate: null } }),
    });
    renderApp('/admin?range=today');
    expect(await screen.findByText('₦900')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(figure('VTU success rate')).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('Today so far')).toBeInTheDocument();
  });

  it('says when the figures cannot be loaded', async () => {
    stubDashboard({});
    renderApp('/admin?range=30d');
    await findToast('Error!', 'Choose today, 7d or 30d.');
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });
});
