export * from './http';
export * from './notifications';
export * from './wallet';
export * from './auth';
export * from './admin';
