// Part of `npm run build`, after the browser and prerender builds: renders the landing screens that
// are the same for everyone at first (the login screen; home's shell, hero and carousel; the wallet's frame) to HTML, into
// dist/prerendered.json as { path: markup }. The API puts the markup inside that path's #root.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { prerenderHome, prerenderLogin, prerenderWallet } = await import(
  pathToFileURL(path.join(web, 'dist-prerender/prerender.js')).href
);

// React puts a preload link for a high-priority image in front of the markup; the page's <head>
// already has one, ahead of the stylesheet (first-route-preload.ts), so this one would only repeat it.
const withoutImagePreloads = (markup) => markup.replace(/<link rel="preload" as="image"[^>]*\/>/g, '');

const pages = {
  '/auth/login': prerenderLogin(),
  '/home': withoutImagePreloads(prerenderHome()),
  '/wallet': prerenderWallet(),
};
for (const [pathname, markup] of Object.entries(pages)) {
  if (!markup.includes('<main')) throw new Error(`prerender: ${pathname} rendered no <main>`);
}
writeFileSync(path.join(web, 'dist/prerendered.json'), `${JSON.stringify(pages)}\n`);
console.log(`prerendered ${Object.keys(pages).join(', ')}`);
