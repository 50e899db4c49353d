import { describe, expect, it } from 'vitest';
import { defaultLandingFor, paths, safeRedirect, shellFor } from './paths';

describe('shellFor', () => {
  it.each([
    ['/admin', 'admin'],
    ['/admin/products/create', 'admin'],
    ['/agent', 'agent'],
    ['/agent/rewards', 'agent'],
    ['/home', 'customer'],
    ['/profile/update', 'customer'],
    ['/agent-apply', 'customer'],
  ])('%s uses the %s shell', (path, shell) => {
    expect(shellFor(path)).toBe(shell);
  });
});

describe('redirect targets', () => {
  it('follows only paths inside the app', () => {
    expect(safeRedirect('/profile?tab=orders')).toBe('/profile?tab=orders');
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/auth/login')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('builds the login address that remembers the target', () => {
    expect(paths.auth.login.getHref('/profile/update')).toBe('/auth/login?redirectTo=%2Fprofile%2Fupdate');
    expect(paths.auth.login.getHref()).toBe('/auth/login');
  });

  it('lands admins on the dashboard and everyone else on home', () => {
    expect(defaultLandingFor('admin')).toBe('/admin');
    expect(defaultLandingFor('customer')).toBe('/home');
  });
});
