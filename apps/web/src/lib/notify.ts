/**
 * The app's toast wording in one place: failures are titled 'Error!', successes
 * 'Success', 'Success!' or 'Action Successful'. The Toaster shows at most one at a time.
 *
 * An error belongs to the screen it was raised on: leaving that screen dismisses it, so a refusal
 * the customer has since put right (a wrong password, then the right one) does not greet them on
 * the next screen. An error that explains a navigation (a session ended, a page refused) asks to be
 * shown on the screen it leads to instead.
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

export type ErrorOptions = {
  /** The error explains a navigation under way: show it on the screen that follows, not only this one. */
  forNextScreen?: boolean;
};

// Screens shown so far: an error toast's id starts with the number of the screen it belongs to.
let screenCount = 0;
let screenOnShow: string | undefined;
let errorCount = 0;

/**
 * `description` may still be loading (wording kept out of the first screen's code): the toast
 * belongs to the screen it was asked for on, not the one it arrives on.
 */
export function notifyError(description: string | Promise<string>, { forNextScreen = false }: ErrorOptions = {}): void {
  const id = `${screenCount + (forNextScreen ? 1 : 0)}:${(errorCount += 1)}`;
  const display = (text: string) =>
    show((toast) => {
      // Its screen was left before the toast library loaded: nothing to show.
      if (parseInt(id) >= screenCount) toast.error('Error!', { id, description: text });
    });
  // A message at hand goes at once, keeping its place among the toasts asked for in this moment.
  if (typeof description === 'string') display(description);
  else void description.then(display);
}

/**
 * Told the path of the screen on show whenever one renders: another path than the last dismisses
 * the errors of the screen left. Kept here, not in a component, because the app's layouts remount
 * when it moves between them (the login screen renders outside the query layer).
 */
export function screenShown(pathname: string): void {
  const changed = screenOnShow !== undefined && pathname !== screenOnShow;
  screenOnShow = pathname;
  if (!changed) return;
  screenCount += 1;
  if (!requested) return;
  void import('sonner').then(({ toast }) => {
    for (const { id } of toast.getToasts()) if (typeof id === 'string' && parseInt(id) < screenCount) toast.dismiss(id);
  });
}

export function notifySuccess(description?: string, title: SuccessTitle = 'Success'): void {
  show((toast) => toast.success(title, description ? { description } : undefined));
}

/**
 * Something that just happened elsewhere and asks for the reader's attention (an order no agent
 * took): amber, titled by the event itself.
 */
export function notifyAlert(title: string, description: string): void {
  show((toast) => toast.warning(title, { description }));
}
