import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

// What slow, metered mobile connections get: compressed JSON and assets, and hashed assets cached for a year.
let t: TestApp;
const webDist = path.join(tmpdir(), `ruwa-web-perf-${process.pid}`);
const bundle = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "product ${i}" }`).join(', ')}];\n`;
const LOGIN_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/login-abc123.js">';
const HOME_IMAGE = '<link rel="preload" as="image" fetchpriority="high" href="/assets/slide-abc123.svg">';
const HOME_MARKUP = '<main><h1>Ruwa</h1><img src="/assets/slide-abc123.svg" alt="Water for $&amp; less"></main>';
const APP_SCRIPTS =
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-def456.js">';
const precompressed = `console.log(${JSON.stringify('x'.repeat(3000))});\n`;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Ruwa</title>\n    ${APP_SCRIPTS}\n</head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
  );
  writeFileSync(
    path.join(webDist, 'landing-preloads.json'),
    JSON.stringify({
      '/auth/login': { first: '', last: LOGIN_PRELOAD },
      '/home': { first: HOME_IMAGE, last: '' },
    }),
  );
  // A `$&` in the markup must arrive as it is, not as a replacement pattern.
  writeFileSync(path.join(webDist, 'prerendered.json'), JSON.stringify({ '/home': HOME_MARKUP }));
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(path.join(webDist, 'assets', 'vendor-def456.js'), precompressed);
  writeFileSync(path.join(webDist, 'assets', 'vendor-def456.js.br'), brotliCompressSync(precompressed));
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('response compression', () => {
  it('compresses JSON with brotli or gzip, as the client asks, to the same document', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get('/api/docs/json', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves answers under 1 KB alone: compressing them costs more than it saves', async () => {
    const small = await get('/api/health', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('compresses static files on the fly and serves pre-compressed ones as they are', async () => {
    const asset = await get('/assets/index-abc123.js', 'gzip');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.rawPayload).toString('utf8')).toBe(bundle);

    const prebuilt = await get('/assets/vendor-def456.js', 'br');
    expect(prebuilt.statusCode).toBe(200);
    expect(prebuilt.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(prebuilt.rawPayload).toString('utf8')).toBe(precompressed);

    const page = await get('/home', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString('utf8')).toContain('<div id="root">');
  });
});

describe('landing screens', () => {
  it("puts a landing path's preload links into its HTML, and only into its own", async () => {
    const login = await get('/auth/login?redirect=%2Fwallet', 'br');
    expect(login.statusCode).toBe(200);
    const html = brotliDecompressSync(login.rawPayload).toString('utf8');
    expect(html).toContain(`${LOGIN_PRELOAD}</head>`);
    expect(html).toContain('<div id="root">');
    // Not prerendered: the app's scripts load with the page, since nothing paints before them.
    expect(html).toContain(`<title>Ruwa</title>\n    ${APP_SCRIPTS}`);
    expect(html).not.toContain('<template data-app-scripts>');
    expect(html).not.toContain('data-scripts-after-paint');

    // An image goes ahead of whatever else the <head> loads.
    expect((await get('/home')).body).toContain(`<title>Ruwa</title>${HOME_IMAGE}`);
    // The screen's prerendered first render fills its #root.
    expect((await get('/home')).body).toContain(`<div id="root">${HOME_MARKUP}</div>`);
    // ...and the app's scripts wait in an inert template for the first-route script to start them
    // once that render has painted: nothing of them is left where the browser would fetch it at once.
    const home = (await get('/home')).body;
    expect(home).toContain(`<template data-app-scripts>${APP_SCRIPTS}</template>`);
    expect(home).toContain('<html data-scripts-after-paint>');
    expect(home.replace(/<template data-app-scripts>.*<\/template>/, '')).not.toMatch(/index-abc123|vendor-def456/);

    for (const url of ['/profile', '/', '/auth/register']) {
      const other = await get(url);
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<div id="root">');
      expect(other.body).not.toContain('login-abc123');
      expect(other.body).not.toContain('slide-abc123');
      expect(other.body).toContain('<div id="root"></div>');
    }
  });
});

describe('caching headers', () => {
  it('caches hashed assets for a year, compressed or not, and revalidates the HTML shell', async () => {
    for (const encoding of [undefined, 'gzip', 'br']) {
      for (const url of ['/assets/index-abc123.js', '/assets/vendor-def456.js']) {
        const res = await get(url, encoding);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
    expect((await get('/home', 'gzip')).headers['cache-control']).toBe('no-cache');
    expect((await get('/env.js')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the security headers with the HTML shell and static files too', async () => {
    for (const url of ['/home', '/assets/index-abc123.js']) {
      for (const encoding of [undefined, 'br']) {
        const res = await get(url, encoding);
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });
});
