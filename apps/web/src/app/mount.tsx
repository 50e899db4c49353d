import { StrictMode } from 'react';
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
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  return root;
}
