// Renders the PWA icons from the favicon's artwork with the machine's Chromium, so the PNGs never
// drift from the SVG. Run once after changing the artwork and commit the PNGs:
//   node apps/web/scripts/generate-icons.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const favicon = readFileSync(new URL('favicon.svg', `file://${publicDir}`), 'utf8');
const drop = favicon.match(/<path d="([^"]+)"/)?.[1];
const brand = favicon.match(/fill="(#[0-9a-f]{6})"/i)?.[1];
if (!drop || !brand) throw new Error('favicon.svg no longer has the drop path and brand fill');

// Full-bleed square, drop scaled into the maskable safe zone (the inner 80% circle) so launchers
// can crop it to any shape; iOS rounds the apple-touch icon itself, so that one is square too.
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><path d="${drop}" transform="translate(16 16) scale(0.8) translate(-16 -16)" fill="#fff"/></svg>`;

const icons = [
  // The tab icon. A PNG, not the SVG itself: Chromium draws an SVG favicon as a whole SVG document on
  // the page's main thread while the page is still loading.
  { file: 'favicon-32x32.png', size: 32, svg: favicon },
  { file: 'pwa-192x192.png', size: 192, svg: favicon },
  { file: 'pwa-512x512.png', size: 512, svg: favicon },
  { file: 'maskable-icon-512x512.png', size: 512, svg: square },
  { file: 'apple-touch-icon-180x180.png', size: 180, svg: square },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: `${publicDir}${file}`, omitBackground: true });
    await page.close();
    console.log(`${file} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
