import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { IMAGE_FALLBACK_SUFFIX, IMAGE_WIDTHS, imageVariantUrl } from '@ruwa/contract';

/** The longest side kept: enough for a full-width picture on a 3x phone screen. */
export const IMAGE_MAX_SIDE = 1280;
/**
 * 2 MB bounds the file, not the pixels: a 2 MB PNG of one colour can claim 20000 x 20000 and take
 * gigabytes to decode. 40 MP still takes any phone camera's photo.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * A profile photo is shown at most 1280 px wide, yet its cost is its decoded pixels (a 24 MP photo
 * took 0.6 s of CPU). 16 MP keeps every phone's usual photo (12 MP 4032 x 3024, 13 MP 4160 x 3120,
 * and the 16 MP 4608 x 3456 of the budget Androids' selfie cameras) and refuses the 24-200 MP of
 * full-resolution modes, which a selfie never needs.
 */
export const AVATAR_MAX_PIXELS = 16_000_000;

// Every upload is new, so libvips' operation cache would only hold memory.
sharp.cache(false);

/** One file of a rendered image: `suffix` follows the stem, e.g. `-r.jpg` or `-r-320.webp`. */
export interface ImageFile {
  suffix: string;
  bytes: Buffer;
}

export class UnreadableImageError extends Error {
  constructor(
    readonly reason: 'too-many-pixels' | 'undecodable',
    options?: { cause?: unknown },
  ) {
    super(reason === 'too-many-pixels' ? 'The image has too many pixels.' : 'The image could not be decoded.', options);
  }
}

/**
 * Decodes an image once, turned upright by its EXIF orientation and shrunk to IMAGE_MAX_SIDE, then
 * writes the JPEG fallback and one WebP per IMAGE_WIDTHS entry. No output keeps the input's
 * metadata (sharp's default), so camera details and GPS position never reach the public URL.
 * `density` (dpi) sets the scale an SVG is rasterised at; only the trusted seed passes SVGs.
 * `maxPixels` (default IMAGE_MAX_PIXELS) is checked from the header, before any pixel is decoded.
 */
export async function renderImage(
  input: Buffer,
  options: { density?: number; maxPixels?: number } = {},
): Promise<ImageFile[]> {
  const maxPixels = options.maxPixels ?? IMAGE_MAX_PIXELS;
  const open = { limitInputPixels: maxPixels, density: options.density };
  let header: Metadata;
  try {
    header = await sharp(input, { ...open, limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new UnreadableImageError('undecodable', { cause });
  }
  if (!header.width || !header.height) throw new UnreadableImageError('undecodable');
  if (header.width * header.height > maxPixels) throw new UnreadableImageError('too-many-pixels');

  let master: { data: Buffer; info: OutputInfo };
  try {
    master = await sharp(input, open)
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new UnreadableImageError('undecodable', { cause });
  }

  const { width, height, channels } = master.info;
  const fromMaster = () => sharp(master.data, { raw: { width, height, channels } });
  const fallback = fromMaster()
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, progressive: true })
    .toBuffer()
    .then((bytes) => ({ suffix: IMAGE_FALLBACK_SUFFIX, bytes }));
  const copies = IMAGE_WIDTHS.map((target) =>
    fromMaster()
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer()
      .then((bytes) => ({ suffix: imageVariantUrl(IMAGE_FALLBACK_SUFFIX, target), bytes })),
  );
  return Promise.all([fallback, ...copies]);
}

/** Writes the files under `dir` as `<stem><suffix>` and answers the fallback's file name. */
export async function writeImageFiles(dir: string, stem: string, files: ImageFile[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  await Promise.all(files.map((file) => writeFile(path.join(dir, `${stem}${file.suffix}`), file.bytes)));
  return `${stem}${IMAGE_FALLBACK_SUFFIX}`;
}
