/** Query key of the admin agents list; a decision on an application refreshes every page of it. */
export const agentsListKey = ['admin', 'agents'] as const;
