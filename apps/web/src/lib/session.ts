import { useSyncExternalStore } from 'react';
import type { AuthResult, User } from '@ruwa/contract';
import { STORAGE_KEYS, storage } from './storage';
import { forgetAccountCache } from './offline-caches';

/**
 * The signed-in session: the bearer token and the user record, kept in localStorage
 * and mirrored in memory so React re-renders when either changes, in this tab or another one.
 */
export type Session = { token: string | null; user: User | null };

function read(): Session {
  const token = storage.getString(STORAGE_KEYS.token);
  return { token: token || null, user: token ? storage.getJson<User>(STORAGE_KEYS.user) : null };
}

let snapshot: Session = read();
const listeners = new Set<() => void>();

function publish(next: Session) {
  snapshot = next;
  listeners.forEach((listener) => listener());
}

/** Calls `listener` whenever the session changes (sign-in, sign-out, another user); answers an unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
      publish(read());
    }
  });
}

export function getSession(): Session {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

/** Stores what login answered: the access token and the user. */
export function startSession(auth: Pick<AuthResult, 'access_token' | 'user'>): void {
  storage.set(STORAGE_KEYS.token, auth.access_token);
  storage.set(STORAGE_KEYS.user, auth.user);
  publish({ token: auth.access_token, user: auth.user });
}

/**
 * Overwrites the stored user (after GET users/me or a profile update). The same record again
 * changes nothing, so the refresh at start does not re-render every screen that reads the session.
 */
export function setSessionUser(user: User): void {
  if (!snapshot.token) return;
  if (JSON.stringify(user) === JSON.stringify(snapshot.user)) return;
  storage.set(STORAGE_KEYS.user, user);
  publish({ ...snapshot, user });
}

export function clearSession(): void {
  forgetAccountCache();
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.user);
  publish({ token: null, user: null });
}

/** Re-reads localStorage; for tests and for code that wrote storage directly. */
export function reloadSession(): void {
  publish(read());
}

export function useSession(): Session & { isSignedIn: boolean; isAdmin: boolean } {
  const session = useSyncExternalStore(onSessionChange, getSession, getSession);
  return {
    ...session,
    isSignedIn: session.token !== null,
    isAdmin: session.user?.role === 'admin',
  };
}

const hasToken = () => snapshot.token !== null;

/** Whether someone is signed in; re-renders only when that changes, not when the user record does. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(onSessionChange, hasToken, hasToken);
}
