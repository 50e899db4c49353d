import { describe, expect, it } from 'vitest';
import { isLegacyPath, LEGACY_PATHS, pathRuleBroken } from './api-paths';

describe('the API path rule', () => {
  it('keeps every legacy path, quirks and all', () => {
    for (const route of LEGACY_PATHS) {
      const [method, path] = route.split(' ') as [string, string];
      expect(isLegacyPath(method, path)).toBe(true);
      expect(pathRuleBroken(method, path, true)).toBeNull();
    }
    expect(isLegacyPath('POST', '/api/raffle-tickets/draw')).toBe(false);
  });

  it('takes new reads as GETs and writes as POSTs on /api/ kebab-case paths', () => {
    expect(pathRuleBroken('GET', '/api/admin/reconciliation/card-refunds', false)).toBeNull();
    expect(pathRuleBroken('POST', '/api/addresses/store', true)).toBeNull();
    expect(pathRuleBroken('POST', '/api/raffle-tickets/draw', true)).toBeNull();
    expect(pathRuleBroken('HEAD', '/api/wallet/virtual-account', false)).toBeNull();
  });

  it('refuses a GET that creates, other verbs, parameters and other spellings', () => {
    expect(pathRuleBroken('GET', '/api/raffle-draws/run', true)).toMatch('a GET only reads');
    expect(pathRuleBroken('PUT', '/api/addresses/update', false)).toMatch('a write is a POST');
    expect(pathRuleBroken('DELETE', '/api/addresses/delete', false)).toMatch('a write is a POST');
    for (const path of ['/api/addresses/:id', '/api/Addresses/me', '/api/bank_accounts/me', '/addresses/me', '/api/'])
      expect(pathRuleBroken('GET', path, false), path).toMatch('kebab-case');
  });
});
