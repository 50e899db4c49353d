export * from './http';
export * from './notifications';
export * from './wallet';
