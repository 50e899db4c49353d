export * from './http';
export * from './notifications';
