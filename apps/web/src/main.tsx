import './index.css';
import { mountApp } from './app/mount';
import { preloadScreen } from './app/router';
import { registerServiceWorker } from './features/offline/register-service-worker';

/** How long the first render waits for its screen's code before showing a spinner instead. */
const FIRST_SCREEN_WAIT_MS = 1000;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The first paint is the screen itself, not a spinner that a second render replaces: the landing
// pages' HTML already preloads their screens' code, so this wait is usually nothing.
const firstScreen = preloadScreen(window.location.pathname).catch(() => undefined);
const patience = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
void Promise.race([firstScreen, patience]).then(() => mountApp(container));
// Only the production build has a service worker; in development it would serve stale modules.
if (import.meta.env.PROD) registerServiceWorker();
