/**
 * The app's toast wording in one place: failures are titled 'Error!', successes
 * 'Success', 'Success!' or 'Action Successful'. The Toaster shows at most one at a time.
 *
 * The toast library is not part of the first load (it is ~9 KB gzip of the login budget): the
 * first toast asks the app to mount the Toaster, which loads it, and waits until it is listening.
 */
import type { toast as sonnerToast } from 'sonner';

export type SuccessTitle = 'Success' | 'Success!' | 'Action Successful';

let markReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the Toaster once it is mounted and listening. */
export function toasterMounted(): void {
  markReady();
}

let requested = false;
const whenRequested = new Set<() => void>();

/** The app mounts the Toaster when the first toast is asked for; answers an unsubscribe. */
export function onFirstToast(listener: () => void): () => void {
  if (requested) listener();
  else whenRequested.add(listener);
  return () => void whenRequested.delete(listener);
}

type Toast = typeof sonnerToast;

function show(display: (toast: Toast) => void): void {
  if (!requested) {
    requested = true;
    whenRequested.forEach((listener) => listener());
    whenRequested.clear();
  }
  // A new toast replaces the one on screen: one message at a time, never a queue to read through.
  void Promise.all([import('sonner'), toasterReady]).then(([{ toast }]) => {
    toast.dismiss();
    display(toast);
  });
}

export function notifyError(description: string): void {
  show((toast) => toast.error('Error!', { description }));
}

export function notifySuccess(description?: string, title: SuccessTitle = 'Success'): void {
  show((toast) => toast.success(title, description ? { description } : undefined));
}
