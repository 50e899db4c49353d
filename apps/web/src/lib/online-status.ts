import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a network. `navigator.onLine` only knows about the device's
 * link (true behind a captive portal), so offline is certain but online is a hope: callers use it to
 * explain and to disable what cannot work, never to promise that a request will succeed.
 */
function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
// Without a browser there is nothing to say the network is gone.
const assumeOnline = () => true;

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, assumeOnline);
}
