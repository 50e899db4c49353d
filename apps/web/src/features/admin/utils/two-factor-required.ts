import { useSyncExternalStore } from 'react';
import { TWO_FACTOR_REQUIRED_EVENT } from '@/lib/api-client';
import { getToken, onSessionChange } from '@/lib/session';

/**
 * The token the server refused with 403 two_factor_required: an admin who has to set up two-factor
 * sign-in before anything else. Kept here, in the admin area's code, so customers' first load does
 * not carry it: the API client only announces the refusal. In memory only: a new sign-in (another
 * token) or a reload asks the server again.
 */
let requiredFor: string | null = null;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());

window.addEventListener(TWO_FACTOR_REQUIRED_EVENT, (event) => {
  const token = (event as CustomEvent<string>).detail;
  if (token !== getToken() || requiredFor === token) return;
  requiredFor = token;
  tell();
});

// A sign-out or another sign-in forgets the refusal: the new session's own first refusal decides.
onSessionChange(() => {
  if (requiredFor !== null && requiredFor !== getToken()) clearTwoFactorRequired();
});

/** Called once two-factor sign-in is on: the admin screens are shown in place of its setup. */
export function clearTwoFactorRequired(): void {
  if (requiredFor === null) return;
  requiredFor = null;
  tell();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const mustSetUpTwoFactor = () => requiredFor !== null && requiredFor === getToken();

/** Whether the server refuses the signed-in token everything but two-factor setup (403 two_factor_required). */
export function useTwoFactorRequired(): boolean {
  return useSyncExternalStore(subscribe, mustSetUpTwoFactor, mustSetUpTwoFactor);
}
