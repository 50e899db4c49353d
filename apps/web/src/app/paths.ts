/**
 * Every route path of the app, in one place. Screens that later issues build (results, wallet,
 * notifications, airtime-data, the agent area, admin catalogue screens...) add their entry here.
 */
export const REDIRECT_PARAM = 'redirectTo';

function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  root: { path: '/', getHref: () => '/' },
  auth: {
    login: {
      path: '/auth/login',
      /** `redirectTo`: where to return after signing in (a path inside the app). */
      getHref: (redirectTo?: string | null) => withQuery('/auth/login', { [REDIRECT_PARAM]: redirectTo }),
    },
    register: {
      path: '/auth/register',
      /** `ref`: a referral code to prefill. */
      getHref: (ref?: string | null) => withQuery('/auth/register', { ref }),
    },
    resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
    changePassword: {
      path: '/auth/change-password',
      getHref: (token?: string | null) => withQuery('/auth/change-password', { token }),
    },
  },
  app: {
    home: { path: '/home', getHref: () => '/home' },
    profile: { path: '/profile', getHref: () => '/profile' },
    profileUpdate: { path: '/profile/update', getHref: () => '/profile/update' },
  },
  admin: {
    dashboard: { path: '/admin', getHref: () => '/admin' },
  },
} as const;

/**
 * A `redirectTo` value is followed only when it is a path inside this app (never another origin, and
 * never back into the auth screens).
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target === '/' || target.startsWith('/auth/')) return null;
  return target;
}

/** Where a user lands after signing in when they were not sent to the login screen from elsewhere. */
export function defaultLandingFor(role: string | undefined): string {
  return role === 'admin' ? paths.admin.dashboard.getHref() : paths.app.home.getHref();
}

export type ShellKind = 'customer' | 'admin' | 'agent';

/**
 * SPEC section 2: the shell is chosen by whether the path is in the admin or agent area. Only the
 * first segment counts, so /agent-apply (a customer applying) stays in the customer shell.
 */
export function shellFor(pathname: string): ShellKind {
  const first = pathname
    .split('/')
    .find((segment) => segment !== '')
    ?.toLowerCase();
  if (first === 'admin') return 'admin';
  if (first === 'agent') return 'agent';
  return 'customer';
}
