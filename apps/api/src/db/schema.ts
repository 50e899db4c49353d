// Every table, gathered for Drizzle's migrations and typed queries. Each module owns its own schema.ts.
export * from '../modules/auth/schema';
export * from '../modules/users/schema';
export * from '../platform/mail/schema';
export * from '../platform/sms/schema';
export * from '../modules/catalog/schema';
export * from '../platform/paystack/schema';
export * from '../modules/payments/schema';
export * from '../modules/wallet/schema';
export * from '../modules/orders/schema';
export * from '../platform/vtu/schema';
export * from '../modules/vtu/schema';
export * from '../modules/notifications/schema';
export * from '../modules/audit/schema';
export * from '../modules/settings/schema';
export * from '../modules/engagement/schema';
export * from '../modules/agents/schema';
export * from '../modules/events/schema';
