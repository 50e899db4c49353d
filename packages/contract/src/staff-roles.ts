/**
 * What each kind of staff may do. Every admin account has one staff role; the owner may do
 * everything, the others only their part of the business. The API applies this table to every
 * admin route in one guard, and the admin web hides the screens whose calls the role may not make,
 * so the two can never disagree.
 */
export const STAFF_ROLES = ['owner', 'finance', 'support', 'dispatcher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  support: 'Support',
  dispatcher: 'Dispatcher',
};

const EVERY_STAFF: readonly StaffRole[] = ['finance', 'support', 'dispatcher'];

/**
 * API path prefix -> the staff roles, besides the owner, allowed under it. The longest matching
 * prefix decides (whole path segments only), so a narrower entry can take a role away again. A path
 * no entry matches is the owner's alone: an admin route added without a line here is closed to the
 * others until someone decides who may use it.
 */
export const STAFF_POLICY: Record<string, readonly StaffRole[]> = {
  // Every admin's own sign-in security, and the landing page.
  '/api/auth/two-factor': EVERY_STAFF,
  '/api/admin/dashboard': EVERY_STAFF,
  // The sidebar's counts of orders no agent took and applications to review.
  '/api/admin/alerts': EVERY_STAFF,
  // Every signed-in user's own notifications: listed so the admin Notifications screen shows to all staff.
  '/api/notifications': EVERY_STAFF,

  // Finance: the money.
  '/api/admin/ledger': ['finance'],
  '/api/admin/reconciliation': ['finance'],
  '/api/admin/withdrawals': ['finance'],
  '/api/admin/exports': ['finance'],
  '/api/admin/exports/audit.csv': [],
  '/api/admin/customers/wallet-adjustment': ['finance'],
  '/api/admin/wallet-adjustments': ['finance'],

  // Support: customers, their orders and cases.
  '/api/admin/customers': ['support', 'finance'],
  '/api/admin/customers/suspend': ['support'],
  '/api/admin/customers/reactivate': ['support'],
  '/api/admin/customers/send-reset': ['support'],
  '/api/admin/support': ['support'],
  '/api/admin/orders': ['support', 'dispatcher'],

  // Dispatch: who delivers what.
  '/api/admin/orders/assign': ['dispatcher'],
  '/api/admin/orders/agents': ['dispatcher'],
  '/api/agents/index': ['dispatcher'],
  '/api/admin/agents': ['dispatcher'],
  '/api/agents/update-status': ['dispatcher'],
  // Every signed-in user reads the locations; listed so the dispatcher's admin screen of them shows
  // (read only: changing them is the owner's).
  '/api/location/index': ['dispatcher'],

  // The owner's alone (as every path not listed): settings, staff, catalogue, raffles, audit.
  '/api/admin/staff': [],
  '/api/admin/audit': [],
  '/api/admin/settings': [],
  // The admins Settings lists to choose who is on duty.
  '/api/admin/admins': [],
};

const withinPrefix = (path: string, prefix: string) =>
  path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/');

/** Whether an admin of this staff role may call the API path (a route's path, without its query). */
export function staffMayUse(role: StaffRole | null | undefined, path: string): boolean {
  if (!role) return false;
  if (role === 'owner') return true;
  let best: string | null = null;
  for (const prefix of Object.keys(STAFF_POLICY)) {
    if (withinPrefix(path, prefix) && (best === null || prefix.length > best.length)) best = prefix;
  }
  return best !== null && STAFF_POLICY[best]!.includes(role);
}

export const STAFF_TEXTS = {
  refused: 'Your staff role does not include this. Ask an owner if you need it.',
  chooseRole: 'Choose owner, finance, support or dispatcher.',
  lastOwner: 'The business needs an owner: make someone else an owner before changing this one.',
  notStaff: 'Staff member',
} as const;
