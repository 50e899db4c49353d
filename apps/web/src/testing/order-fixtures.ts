import type { Order } from '@ruwa/contract';

/** A customer's water order as the API answers it; tests override what they look at. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    status: 'out_for_delivery',
    product_id: 10,
    location_id: 1,
    location_name: 'Lekki',
    product_name: 'Pure Life Sachet (20 pieces)',
    kind: 'sachet_water',
    quantity: 2,
    unit_price: 350,
    order_sub_amount: 700,
    delivery_fee: 0,
    order_amount: 700,
    recipient_address: '12 Admiralty Way, Lekki',
    recipient_phone: '+2348031234567',
    landmark: null,
    cylinder_size_kg: null,
    cylinder_type: null,
    delivery_window: null,
    payment_method: 'card',
    transaction_id: 'RUWA_ORDER_1',
    subscription_id: null,
    scheduled_for: null,
    assigned_agent_id: null,
    delivery_locked: false,
    order_paid: true,
    order_payment_confirmed: true,
    created_at: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}
