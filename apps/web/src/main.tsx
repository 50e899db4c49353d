import './index.css';
import { mountApp } from './app/mount';
import { registerServiceWorker } from './features/offline/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
mountApp(container);
// Only the production build has a service worker; in development it would serve stale modules.
if (import.meta.env.PROD) registerServiceWorker();
