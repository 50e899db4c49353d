import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageVariantUrl } from '@ruwa/contract';
import { AppError } from '../../lib/http/errors';
import { blankPng, dataUrl, tinyPng } from '../../../test/helpers/images';
import { decodeImage, diskImageStore, type RenderedImage } from './images';

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'ruwa-images-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

/** A photo as a phone saves it: sideways pixels, an orientation tag, camera details and a GPS fix. */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c2410c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'RuwaCam', Copyright: 'Ada Obi' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 24/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function saved(image: RenderedImage) {
  const url = await diskImageStore(uploadsDir).save(image, 'products');
  const file = (name: string) => readFileSync(path.join(uploadsDir, name.replace(/^\/uploads\//, '')));
  return { url, file };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('decodeImage and the disk store', () => {
  it('writes a JPEG fallback capped at 1280 px and a WebP copy per width, all upright', async () => {
    const photo = await phonePhoto(3000, 1500);
    const { url, file } = await saved(await decodeImage(dataUrl(photo, 'image/jpeg'), 'base64_photos'));

    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{24}-r\.jpg$/);
    // Orientation 6 turns the 3000 x 1500 sensor image into a 1500 x 3000 portrait.
    const fallback = await sharp(file(url)).metadata();
    expect(fallback).toMatchObject({ format: 'jpeg', width: 640, height: 1280 });
    for (const width of IMAGE_WIDTHS) {
      const copy = await sharp(file(imageVariantUrl(url, width))).metadata();
      expect(copy).toMatchObject({ format: 'webp', width: Math.min(width, 640), height: Math.min(width, 640) * 2 });
    }
    const stem = path.basename(url, '-r.jpg');
    expect(
      readdirSync(path.join(uploadsDir, 'products'))
        .filter((name) => name.startsWith(stem))
        .sort(),
    ).toEqual([
      `${stem}-r-1280.webp`,
      `${stem}-r-160.webp`,
      `${stem}-r-320.webp`,
      `${stem}-r-640.webp`,
      `${stem}-r.jpg`,
    ]);
  });

  it('strips EXIF (camera, GPS, orientation) from every file it writes', async () => {
    const photo = await phonePhoto(800, 400);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('RuwaCam');

    const image = await decodeImage(dataUrl(photo, 'image/jpeg'), 'base64_photos');
    expect(image.files).toHaveLength(1 + IMAGE_WIDTHS.length);
    for (const { suffix, bytes } of image.files) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, suffix).toBeUndefined();
      expect(meta.xmp, suffix).toBeUndefined();
      expect(meta.orientation, suffix).toBeUndefined();
      expect(bytes.includes('RuwaCam'), suffix).toBe(false);
      expect(bytes.includes('Ada Obi'), suffix).toBe(false);
    }
  });

  it('never enlarges a small image, and keeps transparency out of the JPEG', async () => {
    const { url, file } = await saved(await decodeImage(dataUrl(tinyPng()), 'base64_photos'));
    expect(await sharp(file(url)).metadata()).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
    expect(await sharp(file(imageVariantUrl(url, 640))).metadata()).toMatchObject({ format: 'webp', width: 1 });

    const clear = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const image = await decodeImage(dataUrl(clear), 'base64_photos');
    const [r, g, b] = (await sharp(image.files[0]!.bytes).raw().toBuffer()).subarray(0, 3);
    expect([r, g, b].every((channel) => channel! > 250)).toBe(true);
  });

  it('answers 422 for a decompression bomb without decoding it', async () => {
    const bomb = blankPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = performance.now();
    const error = await rejection(decodeImage(dataUrl(bomb), 'base64_photos'));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error.statusCode).toBe(422);
    expect(error.fields).toEqual({ base64_photos: ['The image may not have more than 40 megapixels.'] });
  });

  it('answers 422 for files that only start like images', async () => {
    const pngHead = tinyPng().subarray(0, 33);
    const garbage = Buffer.concat([pngHead, Buffer.from('not really an image at all, just text after a header')]);
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0369a1' } })
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    for (const [bytes, mime] of [
      [garbage, 'image/png'],
      [truncated, 'image/jpeg'],
    ] as const) {
      const error = await rejection(decodeImage(dataUrl(bytes, mime), 'base64_photos'));
      expect(error.statusCode).toBe(422);
      expect(error.fields?.base64_photos?.[0]).toMatch(/could not be read/);
    }
  });

  it('still judges the type by the bytes and refuses formats it was not asked to take', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const error = await rejection(
      decodeImage(dataUrl(webp, 'image/png'), 'base64_photos', { allowed: ['jpg', 'png'] }),
    );
    expect(error.fields?.base64_photos?.[0]).toBe('The image must be a file of type: jpg, jpeg, png.');
    await expect(decodeImage(dataUrl(webp), 'base64_photos', { allowed: ['webp'] })).resolves.toHaveProperty('files');
  });
});
