import type { User } from '@ruwa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSessionUser, startSession, useSession } from './session';
import { renderHook, act } from '@testing-library/react';

const ada: User = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@example.com',
  phone_number: '08031234567',
  picture: null,
  role: 'customer',
  referral_code: 'ADA7',
  referral_rewards: 0,
  agent: null,
  created_at: '2026-11-01T09:00:00.000Z',
};

afterEach(() => clearSession());

describe('setSessionUser', () => {
  it('re-renders readers when the user changed, and leaves them alone when the same record comes back', () => {
    startSession({ access_token: 'token-123', user: ada });
    const renders = vi.fn();
    renderHook(() => {
      renders();
      return useSession();
    });
    expect(renders).toHaveBeenCalledTimes(1);

    act(() => setSessionUser({ ...ada }));
    expect(renders).toHaveBeenCalledTimes(1);

    act(() => setSessionUser({ ...ada, first_name: 'Adaeze' }));
    expect(renders).toHaveBeenCalledTimes(2);
    expect(getSession().user?.first_name).toBe('Adaeze');
    expect(JSON.parse(localStorage.getItem('user')!).first_name).toBe('Adaeze');
  });
});
