import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api), and the files under it the server reads at run time.
 *
 * The server runs from src/ (tsx: every module has its own import.meta.url) and from the esbuild
 * bundle dist/main.js (every module shares the bundle's URL). This module sits directly in src/, at
 * the same depth as the bundle in dist/, so `..` is the package folder in both; a module deeper in
 * src/ resolving a file from its own URL would be right under tsx only. Run-time files are therefore
 * found through here, and stay where they are in the repository (nothing is copied into dist/).
 */
export const API_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The SQL migrations drizzle-kit generates. */
export const MIGRATIONS_DIR = path.join(API_DIR, 'drizzle');
/** The demo catalogue's SVG drawings. */
export const SEED_IMAGES_DIR = path.join(API_DIR, 'src', 'seed', 'images');
/** The Paystack sandbox's checkout script, served as it is. */
export const PAYSTACK_SANDBOX_INLINE_JS = path.join(API_DIR, 'src', 'platform', 'paystack', 'inline.js');
/** The web app's build, served unless WEB_DIST_DIR names another. */
export const DEFAULT_WEB_DIST = path.join(API_DIR, '..', 'web', 'dist');
