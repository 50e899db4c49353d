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

  it('lands admins on the dashboard, approved agents on their work queue and everyone else on home', () => {
    expect(defaultLandingFor({ role: 'admin' })).toBe('/admin');
    expect(defaultLandingFor({ role: 'customer' })).toBe('/home');
    expect(defaultLandingFor({ role: 'customer', agent: { status: 'approved' } })).toBe('/agent');
    expect(defaultLandingFor({ role: 'customer', agent: { status: 'pending' } })).toBe('/home');
    expect(defaultLandingFor({ role: 'customer', agent: { status: 'suspended' } })).toBe('/home');
    expect(defaultLandingFor(null)).toBe('/home');
  });
});

describe('catalogue addresses', () => {
  it('put the ids a screen needs after a reload in the query', () => {
    expect(paths.app.results.getHref({ location_id: 2, category_id: 3 })).toBe('/results?location_id=2&category_id=3');
    expect(paths.app.waterSubShow.getHref({ product_id: 11, location_id: 2 })).toBe(
      '/water-sub/show?product_id=11&location_id=2',
    );
    expect(paths.app.gasBuy.getHref({ product_id: 20, location_id: 1 })).toBe('/gas/buy?product_id=20&location_id=1');
    expect(paths.app.waterSubResults.getHref({ location_id: 2 })).toBe('/water-sub/results?location_id=2');
    expect(paths.app.gasResults.getHref({ location_id: 1, category_id: 3 })).toBe(
      '/gas/results?location_id=1&category_id=3',
    );
    expect(paths.admin.productsUpdate.getHref(5)).toBe('/admin/products/update?id=5');
    expect(paths.admin.locationsUpdate.getHref(7)).toBe('/admin/locations/update?id=7');
    expect(paths.admin.productCategoryUpdate.getHref(3)).toBe('/admin/product-category/update?id=3');
  });

  it('keep the admin catalogue in the admin shell and the customer screens in the customer shell', () => {
    for (const { path } of [paths.admin.products, paths.admin.locationsCreate, paths.admin.productCategoryUpdate]) {
      expect(shellFor(path)).toBe('admin');
    }
    for (const { path } of [
      paths.app.results,
      paths.app.waterSubResults,
      paths.app.waterSubShow,
      paths.app.gasResults,
      paths.app.gasBuy,
      paths.app.transactionResults,
    ]) {
      expect(shellFor(path)).toBe('customer');
    }
  });
});
