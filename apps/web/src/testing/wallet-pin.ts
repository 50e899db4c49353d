import { pendingPinRequest, subscribePinRequests } from '@/lib/wallet-pin';

/** The PIN the screen tests' customer types (or sets) whenever a wallet spend asks for one. */
export const TEST_WALLET_PIN = '2468';

/**
 * Answers every wallet PIN request as a customer would, without the sheet: `pin` for "enter" and
 * "set", and closes a "locked" notice. Screen tests that are not about the PIN run with it on; a
 * test of the sheet itself turns it off (the returned function).
 */
export function answerPinRequests(pin: string | null = TEST_WALLET_PIN): () => void {
  return subscribePinRequests(() => {
    const open = pendingPinRequest();
    if (open) queueMicrotask(() => open.resolve(open.request.mode === 'locked' ? null : pin));
  });
}

let stopDefault: () => void = () => undefined;

/** Every test starts with PIN requests answered (the setup file); `stopDefaultPinAnswers` turns it off. */
export function startDefaultPinAnswers(): void {
  stopDefault = answerPinRequests();
}

export function stopDefaultPinAnswers(): void {
  stopDefault();
  stopDefault = () => undefined;
}
