import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { redirectIfSignedIn, requireAdmin, requireUser, RootRedirect } from './guards';
import { paths, shellFor, type ShellKind } from './paths';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';

/**
 * Every screen is loaded on demand, so a customer's device never downloads the admin (or, later,
 * agent) screens. Adding a signed-in screen is one entry in `signedInScreens`; its shell follows
 * from its path (SPEC section 2).
 */
type Screen = { path: string; lazy: NonNullable<RouteObject['lazy']> };

const signedInScreens: Screen[] = [
  { path: paths.app.home.path, lazy: async () => ({ Component: (await import('./routes/app/home')).HomeRoute }) },
  {
    path: paths.app.profile.path,
    lazy: async () => ({ Component: (await import('./routes/app/profile')).ProfileRoute }),
  },
  {
    path: paths.app.profileUpdate.path,
    lazy: async () => ({ Component: (await import('./routes/app/profile-update')).ProfileUpdateRoute }),
  },
  {
    path: paths.admin.dashboard.path,
    lazy: async () => ({ Component: (await import('./routes/admin/dashboard')).AdminDashboardRoute }),
  },
];

/** The layout (and guard) of each shell. The agent shell is added with the agent area. */
const shells: Partial<Record<ShellKind, Omit<RouteObject, 'children' | 'index'>>> = {
  customer: {
    id: 'customer-shell',
    loader: requireUser,
    lazy: async () => ({ Component: (await import('./shells/customer-shell')).CustomerShell }),
  },
  admin: {
    id: 'admin-shell',
    loader: requireAdmin,
    lazy: async () => ({ Component: (await import('./shells/admin-shell')).AdminShell }),
  },
};

function shellRoutes(screens: Screen[]): RouteObject[] {
  return Object.entries(shells).map(([kind, shell]) => {
    const children = screens.filter((screen) => shellFor(screen.path) === kind);
    return { ...shell, children } as RouteObject;
  });
}

if (import.meta.env.DEV) {
  for (const screen of signedInScreens) {
    if (!shells[shellFor(screen.path)]) throw new Error(`No shell for ${screen.path}`);
  }
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: RootRedirect },
      {
        path: paths.auth.login.path,
        loader: redirectIfSignedIn,
        lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }),
      },
      {
        path: paths.auth.register.path,
        loader: redirectIfSignedIn,
        lazy: async () => ({ Component: (await import('./routes/auth/register')).RegisterRoute }),
      },
      {
        path: paths.auth.resetPassword.path,
        lazy: async () => ({ Component: (await import('./routes/auth/reset-password')).ResetPasswordRoute }),
      },
      {
        path: paths.auth.changePassword.path,
        lazy: async () => ({ Component: (await import('./routes/auth/change-password')).ChangePasswordRoute }),
      },
      ...shellRoutes(signedInScreens),
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];
