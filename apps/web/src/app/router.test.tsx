import { createRoutesFromElements, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicScreens, routes, signedInScreens } from './router';

/** Signed-in and admin paths, as written there. */
const SPEC_SIGNED_IN = [
  'home',
  'results',
  'airtime-data',
  'water-sub/show',
  'water-sub/results',
  'gas/buy',
  'gas/results',
  'profile',
  'profile/update',
  'notifications',
  'transaction/callback/success',
  'transaction/callback/failure',
  'transaction/results',
  'wallet',
  'wallet/rewards',
  'wallet/deposit',
  'wallet/withdraw',
  'agent-apply',
  'agent/setting',
];
const SPEC_ADMIN = [
  'admin/products',
  'admin/products/create',
  'admin/products/update',
  'admin/locations',
  'admin/locations/create',
  'admin/locations/update',
  'admin/product-category',
  'admin/product-category/create',
  'admin/product-category/update',
  'admin/raffle-tickets',
  'admin/raffle-tickets/draw',
  'admin/setting',
];

// What <Routes> does with the tree.
const routeObjects = createRoutesFromElements(routes);

function screenFor(pathname: string) {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  return matches.at(-1)?.route;
}

describe('router', () => {
  it.each([...SPEC_SIGNED_IN, ...SPEC_ADMIN])('/%s opens a screen of its own, not the not-found page', (path) => {
    const route = screenFor(`/${path}`);
    expect(route?.path).toBe(`/${path}`);
  });

  it('sends unknown paths to the not-found page', () => {
    expect(screenFor('/water-sub/nowhere')?.path).toBe('*');
  });

  it.each([
    ['/water-sub/results', 'WaterSubResultsRoute'],
    ['/gas/results', 'GasResultsRoute'],
    ['/transaction/results', 'TransactionResultsRoute'],
  ])('%s loads %s', async (path, name) => {
    const route = screenFor(path);
    const screen = [...publicScreens, ...signedInScreens].find((candidate) => candidate.path === route?.path);
    expect(typeof screen?.load).toBe('function');
    const Component = await screen!.load();
    expect(Component.name).toBe(name);
  });
});
