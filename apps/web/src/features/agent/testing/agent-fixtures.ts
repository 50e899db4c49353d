import type { Agent, AgentOrder, Page } from '@ruwa/contract';

export function pageOf<T>(data: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return {
    current_page: 1,
    last_page: 1,
    per_page: 15,
    total: data.length,
    prev_page_url: null,
    next_page_url: null,
    data,
    ...overrides,
  };
}

export function makeAgent(overrides: Partial<Agent> = {}): Agent {
  return {
    id: 3,
    user_id: 7,
    business_name: 'Ada Water Ventures',
    business_email: 'sales@adawater.ng',
    business_phone: '+2348031234567',
    location_id: 1,
    location_name: 'Lekki',
    locations: [{ id: 1, name: 'Lekki' }],
    image: null,
    cac_number: null,
    sells_sachet_water: false,
    sells_bottle_water: false,
    sells_gas: false,
    sms_alerts: true,
    status: 'approved',
    decision_note: null,
    created_at: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<AgentOrder> = {}): AgentOrder {
  return {
    id: 41,
    status: 'paid',
    product_id: 2,
    location_id: 1,
    location_name: 'Lekki',
    product_name: 'Pure Sachet Water',
    kind: 'sachet_water',
    quantity: 5,
    unit_price: 300,
    order_sub_amount: 1500,
    delivery_fee: 0,
    order_amount: 1500,
    // As an open order reaches an agent: its area only.
    recipient_address: null,
    recipient_phone: null,
    landmark: null,
    cylinder_size_kg: null,
    cylinder_type: null,
    delivery_window: null,
    payment_method: 'wallet',
    transaction_id: null,
    subscription_id: null,
    scheduled_for: null,
    assigned_agent_id: null,
    delivery_locked: false,
    order_paid: true,
    order_payment_confirmed: true,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An order this agent holds: with where it goes and whom to call. */
export function makeHeldOrder(overrides: Partial<AgentOrder> = {}): AgentOrder {
  return makeOrder({
    status: 'assigned',
    assigned_agent_id: 7,
    recipient_address: '12 Admiralty Way, Lekki',
    recipient_phone: '+2348031234567',
    landmark: 'Opposite the church, blue gate',
    customer_contact: {
      first_name: 'Ada',
      phone_number: '08031234567',
      address: '12 Admiralty Way, Lekki',
      landmark: 'Opposite the church, blue gate',
    },
    ...overrides,
  });
}

export const dashboardFixture = {
  open_orders: 1,
  in_progress: 1,
  delivered_this_week: 2,
  delivered_this_month: 6,
  earnings_this_month: 450,
  earnings_all_time: 1250,
  deliveries_per_day: Array.from({ length: 14 }, (_, index) => ({
    day: `2026-03-${String(index + 1).padStart(2, '0')}`,
    deliveries: index % 3,
  })),
};

/**
 * An answer for the calls other parts of the screen make in the background (the shell's unread
 * notifications count, the profile's lists): empty.
 */
export function emptyAnswer(url: string): Response {
  const data = url.startsWith('/api/notifications/unread-count') ? { count: 0 } : pageOf([]);
  return new Response(JSON.stringify({ message: '', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}
