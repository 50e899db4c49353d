export * from './auth';
export * from './http';
export * from './money';
export * from './phone';
export * from './users';
export * from './catalog';
export * from './orders';
export * from './wallet';
