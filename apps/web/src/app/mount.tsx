import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { INVALID_ENV_MESSAGE, InvalidEnvError, loadEnv } from '@/lib/env';
import { App } from './app';

function InvalidEnvironment() {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <h1 className="text-xl font-semibold text-red-800">{INVALID_ENV_MESSAGE}</h1>
    </main>
  );
}

/** Checks the configuration, then renders the app; with a bad configuration, only the message. */
export function mountApp(container: HTMLElement): Root {
  const root = createRoot(container);
  try {
    loadEnv();
  } catch (error) {
    if (!(error instanceof InvalidEnvError)) throw error;
    console.error(`${INVALID_ENV_MESSAGE}: missing ${error.missing.join(', ')}`);
    root.render(<InvalidEnvironment />);
    return root;
  }
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A prerendered page is already on screen: its replacement can render in slices between which
  // the browser answers taps and scrolls (a transition), instead of in one long task. An empty page
  // has nothing to show until the app renders, so it renders at once.
  if (container.hasChildNodes()) startTransition(() => root.render(app));
  else root.render(app);
  return root;
}
