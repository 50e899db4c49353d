import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSessionUser, startSession, useSession } from './session';
import { act, renderHook } from '@testing-library/react';
import { makeUser } from '@/testing/render-app';

const ada = makeUser();

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
