import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageVariantUrl } from '@ruwa/contract';
import { loadConfig } from '../src/lib/config';
import { seedDemoIfEmpty } from '../src/seed/demo';
import { createTestApp, type TestApp } from './helpers/app';
import { call, createAdmin, type Actor } from './helpers/factories';
import { dataUrl } from './helpers/images';
import { startS3Server, type S3Server } from './helpers/s3';

/**
 * Uploads in S3-compatible object storage: an s3rver in this process stands in for AWS S3, R2 or
 * MinIO. Images go through the real upload routes; the bucket is read directly to see what was stored.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A real photo-sized JPEG, so each WebP copy differs from the fallback. */
const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#0369a1' } })
    .jpeg()
    .toBuffer();

async function uploadCategoryImage(t: TestApp, admin: Actor): Promise<string> {
  const created = await call(t, 'POST', '/api/product/category/store', {
    token: admin.token,
    body: {
      name: `Bottled ${Math.random()}`,
      kind: 'bottle_water',
      base64_photos: [dataUrl(await photo(), 'image/jpeg')],
    },
  });
  expect(created.status).toBe(201);
  return created.body.data.image as string;
}

/** Every file under DATA_DIR/uploads: with object storage there must be none. */
function filesOnDisk(t: TestApp): string[] {
  const uploads = path.join(t.ctx.config.DATA_DIR, 'uploads');
  return existsSync(uploads) ? readdirSync(uploads, { recursive: true }).map(String) : [];
}

describe('uploads in an S3 bucket, served by the API at /uploads', () => {
  let s3: S3Server;
  let t: TestApp;
  let admin: Actor;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(s3.env);
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores the fallback and every WebP copy in the bucket and none on disk', async () => {
    const url = await uploadCategoryImage(t, admin);
    expect(url).toMatch(/^\/uploads\/categories\/[0-9a-f]{24}-r\.jpg$/);
    const key = url.slice('/uploads/'.length);
    const fallback = await s3.object(key);
    expect(fallback).toMatchObject({ contentType: 'image/jpeg', cacheControl: IMMUTABLE });
    expect(await sharp(fallback.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 900, height: 600 });
    for (const width of IMAGE_WIDTHS) {
      const copy = await s3.object(imageVariantUrl(key, width));
      expect(copy.contentType).toBe('image/webp');
      expect(await sharp(copy.bytes).metadata()).toMatchObject({ format: 'webp', width: Math.min(width, 900) });
    }
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('answers /uploads/... from the bucket: the same bytes, content types and long immutable caching', async () => {
    const url = await uploadCategoryImage(t, admin);
    for (const [served, type] of [
      [url, 'image/jpeg'],
      [imageVariantUrl(url, 320), 'image/webp'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: served });
      expect(res.statusCode, served).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals((await s3.object(served.slice('/uploads/'.length))).bytes)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

      const again = await t.app.inject({
        method: 'GET',
        url: served,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);

      const head = await t.app.inject({ method: 'HEAD', url: served });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(type);
      expect(head.rawPayload.length).toBe(0);
    }
  });

  it('answers 404 in the JSON envelope for a missing object or a key the stores never write', async () => {
    for (const url of ['/uploads/categories/000000000000000000000000-r.jpg', '/uploads/..%2F..%2Fetc%2Fpasswd']) {
      const res = await call(t, 'GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toMatch(/^Route GET \/uploads\/.+ not found\.$/);
    }
  });

  it('serves the demo pictures from the build on every instance, storing none of them', async () => {
    // t's database has users already; the demo seeds only an empty one.
    const fresh = await createTestApp(s3.env);
    try {
      expect(await seedDemoIfEmpty(fresh.ctx)).toBe(true);
      const customer = await call(fresh, 'POST', '/api/auth/login', {
        body: { email: 'ada@ruwa.local', password: 'ruwa-demo-2026' },
      });
      const categories = await call(fresh, 'GET', '/api/product/category/index', {
        token: customer.body.data.access_token,
        query: { enabled: 1 },
      });
      const images = categories.body.data.data.map((c: { image: string }) => c.image) as string[];
      expect(images).toHaveLength(4);
      for (const url of images) {
        expect(url).toMatch(/^\/uploads\/seed\/[a-z-]+-[0-9a-f]{8}-r\.jpg$/);
        expect(await s3.has(url.slice('/uploads/'.length)), url).toBe(false);
        // Served by the other app too, and its responsive copies: nothing of it lives in the instance that seeded it.
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode, url).toBe(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const copy = await t.app.inject({ method: 'GET', url: url.replace(/-r\.jpg$/, '-r-320.webp') });
        expect(copy.statusCode, url).toBe(200);
        expect(copy.headers['content-type']).toBe('image/webp');
      }
      expect(filesOnDisk(fresh)).toEqual([]);
      for (const url of ['/uploads/seed/sachet-water-00000000-r.jpg', '/uploads/seed/..%2Fpaths.ts']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('uploads in a public S3 bucket (S3_PUBLIC_URL)', () => {
  let s3: S3Server;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://images.ruwa.test/' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('answers the public address of the object, and /uploads is not served', async () => {
    const url = await uploadCategoryImage(t, await createAdmin(t));
    expect(url).toMatch(/^https:\/\/images\.ruwa\.test\/categories\/[0-9a-f]{24}-r\.jpg$/);
    const key = url.slice('https://images.ruwa.test/'.length);
    expect(await s3.object(key)).toMatchObject({ contentType: 'image/jpeg', cacheControl: IMMUTABLE });
    expect((await call(t, 'GET', `/uploads/${key}`)).status).toBe(404);
  });
});

describe('S3 configuration', () => {
  const complete = {
    S3_BUCKET: 'ruwa-uploads',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is off without S3_ variables, and complete with a bucket and its keys', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: '  ' }).s3).toBeNull();
    expect(loadConfig(complete).s3).toEqual({
      bucket: 'ruwa-uploads',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        ...complete,
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: '1',
        S3_PUBLIC_URL: 'https://images.example.com/',
      }).s3,
    ).toMatchObject({
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      forcePathStyle: true,
      publicUrl: 'https://images.example.com',
    });
  });

  it('refuses a partial set with one line naming each missing variable', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'started';
    };
    expect(message({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).split('\n')).toEqual(
      ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].map(
        (missing) =>
          `Invalid configuration: ${missing} is not set; with S3_ENDPOINT set, uploads go to object storage, which needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.`,
      ),
    );
    for (const missing of Object.keys(complete)) {
      const { [missing]: _left, ...rest } = complete as Record<string, string>;
      expect(message(rest)).toMatch(new RegExp(`^Invalid configuration: ${missing} is not set;`));
    }
    expect(message({ S3_REGION: 'eu-west-1' })).toMatch(/^Invalid configuration: S3_BUCKET is not set;/);
    expect(message({ ...complete, S3_PUBLIC_URL: 'http://images.example.com' })).toMatch(
      /^Invalid configuration: S3_PUBLIC_URL must start with https:\/\//,
    );
    expect(message({ ...complete, S3_FORCE_PATH_STYLE: 'yes' })).toMatch(
      /^Invalid configuration: S3_FORCE_PATH_STYLE /,
    );
    expect(message({ ...complete, S3_ENDPOINT: 'not a url' })).toMatch(/^Invalid configuration: S3_ENDPOINT /);
  });
});
