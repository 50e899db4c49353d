export const twoFactorKey = ['auth', 'two-factor'] as const;
