/**
 * localStorage access that never throws (private browsing, storage disabled, quota, bad JSON).
 * Keys are the spec's: the bearer token under `token`, the user object under `user`.
 */
export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  getString(key: string): string | null {
    try {
      return store()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  getJson<T>(key: string): T | null {
    const raw = storage.getString(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set(key: string, value: string | object): void {
    try {
      store()?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    } catch {
      // Storage full or disabled: the session lasts for this page only.
    }
  },
  remove(key: string): void {
    try {
      store()?.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};
