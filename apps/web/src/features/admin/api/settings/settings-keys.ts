export const settingsKey = ['admin', 'settings'] as const;
