import type { Dashboard, DashboardDay } from '@ruwa/contract/replies';
import type { DashboardRange } from '../../api/get-dashboard';

/** 30 days ending 2026-03-30; day 10 has the most revenue, day 20 the most orders. */
export function dashboardChart(): DashboardDay[] {
  return Array.from({ length: 30 }, (_, index) => {
    const day = `2026-03-${String(index + 1).padStart(2, '0')}`;
    const quiet = index % 5 === 4;
    return {
      day,
      revenue: {
        sachet_water: quiet ? 0 : 1000,
        bottle_water: index === 9 ? 50_000 : 0,
        gas: quiet ? 0 : 2000,
        airtime: 500,
        data: index % 2 === 0 ? 300 : 0,
      },
      orders: index === 19 ? 40 : quiet ? 0 : 3,
    };
  });
}

export function makeDashboard(range: DashboardRange = '7d', overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    range,
    from: '2026-03-23T23:00:00.000Z',
    revenue: { sachet_water: 12_000, bottle_water: 8_000, gas: 45_500, airtime: 3_200, data: 6_300 },
    revenue_total: 75_000,
    orders_by_status: { paid: 4, delivered: 12, pending_payment: 2 },
    vtu: { purchases: 20, delivered: 18, success_rate: 90, refunds: 2, refunded_amount: 1_500 },
    deposits: { count: 5, amount: 120_000 },
    withdrawals: { count: 2, amount: 30_000 },
    wallet_float: 410_250,
    new_customers: 14,
    active_subscriptions: 6,
    pending_agent_applications: 3,
    chart: dashboardChart(),
    ...overrides,
  };
}
