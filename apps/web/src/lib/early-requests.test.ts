import { afterEach, expect, test } from 'vitest';
import { takeEarlyResponse } from './early-requests';

afterEach(() => {
  window.__RUWA_EARLY__ = undefined;
});

const answer = () => Promise.resolve(new Response('{"data":1}'));

test('an early answer is taken once, by the same URL (relative or not) and token', async () => {
  const response = answer();
  window.__RUWA_EARLY__ = { [new URL('/api/wallet/me', window.location.href).href]: { token: 't1', response } };
  expect(takeEarlyResponse('/api/wallet/me', 't1')).toBe(response);
  expect(takeEarlyResponse('/api/wallet/me', 't1')).toBeNull();
});

test('another token or URL goes to the network, and the answer is not kept for later', () => {
  const url = new URL('/api/wallet/me', window.location.href).href;
  window.__RUWA_EARLY__ = { [url]: { token: 'old', response: answer() } };
  expect(takeEarlyResponse('/api/users/me', 'old')).toBeNull();
  expect(takeEarlyResponse(url, 'new')).toBeNull();
  expect(window.__RUWA_EARLY__[url]).toBeUndefined();
});

test('without a first-route script there is nothing to take', () => {
  expect(takeEarlyResponse('/api/wallet/me', 't1')).toBeNull();
});
