import { useSyncExternalStore } from 'react';
import { API_ERROR_CODES } from '@ruwa/contract/payments';
import { isApiError } from './api-client';
import { getWallet } from './wallet-query';

/**
 * What the wallet PIN sheet is asked to do:
 * - set: the customer has no PIN yet; they choose one (with their password) before the first spend;
 * - enter: type the PIN for this spend (`error` says why the last one was refused);
 * - locked: too many wrong PINs; the sheet explains (the server's `message`, else its own words for
 *   `lockedUntil`), says when the lock ends (ISO time, when known) and how a PIN reset ends it
 *   sooner, and closes.
 * The sheet answers the PIN to use, or null when the customer closed it.
 */
export type PinRequest = (
  { mode: 'set' } | { mode: 'enter'; error?: string } | { mode: 'locked'; message?: string; lockedUntil?: string }
) & {
  purpose?: PinPurpose;
};

/** What the PIN confirms, so the sheet names it: a payment, a withdrawal to a bank, or savings moved back. */
export type PinPurpose = 'payment' | 'withdrawal' | 'savings_withdrawal';

type Pending = { request: PinRequest; resolve: (pin: string | null) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function ask(request: PinRequest): Promise<string | null> {
  // One sheet at a time: a new request closes the one open (its spend is abandoned).
  pending?.resolve(null);
  return new Promise((resolve) => {
    const entry: Pending = {
      request,
      resolve: (pin) => {
        if (pending === entry) {
          pending = null;
          emit();
        }
        resolve(pin);
      },
    };
    pending = entry;
    emit();
  });
}

/** Calls `listener` whenever a request opens or closes; answers the unsubscribe. */
export function subscribePinRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open request and its answer, if any. */
export const pendingPinRequest = (): Pending | null => pending;

/** The open request and its answer, for the one sheet the customer shell mounts. */
export function usePinRequest(): Pending | null {
  return useSyncExternalStore(subscribePinRequests, pendingPinRequest, () => null);
}

/**
 * Sends a wallet spend (a wallet payment, a withdrawal, a savings withdrawal) with the customer's
 * PIN: asks them to set one first if they have none, asks for it on the keypad sheet, and asks again
 * when the server says it was wrong. Answers null when the customer closed the sheet or the wallet
 * is locked (the sheet said so): nothing was spent.
 */
export async function withWalletPin<T>(
  send: (pin: string) => Promise<T>,
  purpose: PinPurpose = 'payment',
): Promise<T | null> {
  const wallet = await getWallet();
  // Already locked: say so at once, rather than take a PIN the server will refuse unread.
  const lockedUntil = wallet.pin_set ? wallet.pin_locked_until : null;
  if (lockedUntil && Date.parse(lockedUntil) > Date.now()) {
    await ask({ mode: 'locked', lockedUntil, purpose });
    return null;
  }
  let pin = await ask(wallet.pin_set ? { mode: 'enter', purpose } : { mode: 'set', purpose });
  while (pin !== null) {
    try {
      return await send(pin);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 423 || error.code === API_ERROR_CODES.walletLocked) {
        const seconds = error.retryAfterSeconds;
        const lockedUntil = seconds === undefined ? undefined : new Date(Date.now() + seconds * 1000).toISOString();
        await ask({ mode: 'locked', message: error.message, lockedUntil });
        return null;
      }
      const wrong = error.fieldError('pin');
      if (!wrong) throw error;
      pin = await ask({ mode: 'enter', error: wrong, purpose });
    }
  }
  return null;
}
