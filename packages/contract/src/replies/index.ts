export * from './http';
export * from './notifications';
export * from './events';
export * from './reconciliation';
export * from './payments';
export * from './ledger';
