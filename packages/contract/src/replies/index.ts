export * from './http';
export * from './notifications';
export * from './orders';
export * from './addresses';
export * from './agents';
