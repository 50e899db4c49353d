export * from './http';
export * from './notifications';
export * from './catalog';
export * from './vtu';
export * from './engagement';
export * from './settings';
