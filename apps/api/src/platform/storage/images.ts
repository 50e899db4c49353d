import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MAX_BYTES } from '@ruwa/contract';
import { fieldError } from '../../lib/http/errors';
import { IMAGE_MAX_PIXELS, renderImage, UnreadableImageError, writeImageFiles, type ImageFile } from './render';

export type ImageKind = 'jpg' | 'png' | 'webp';

/** An upload already checked and rendered into its responsive files, ready to store. */
export interface RenderedImage {
  files: ImageFile[];
}

export interface ImageStore {
  /** Saves the files under a fresh name and answers the public URL of the JPEG fallback. */
  save(image: RenderedImage, folder: string): Promise<string>;
}

/** Local disk under DATA_DIR/uploads, served at /uploads/... */
export function diskImageStore(uploadsDir: string): ImageStore {
  return {
    async save(image, folder) {
      // A fresh random stem per upload: the files are never rewritten, so they can be cached for good.
      const name = await writeImageFiles(path.join(uploadsDir, folder), randomBytes(12).toString('hex'), image.files);
      return `/uploads/${folder}/${name}`;
    },
  };
}

/**
 * Decodes a data URL or bare base64 string, checks the bytes themselves (not the claimed type) are an
 * allowed image no larger than 2 MB, and renders its responsive files. Throws a 422 on `field` otherwise.
 */
export async function decodeImage(
  input: string,
  field: string,
  allowed: readonly ImageKind[] = ['jpg', 'png'],
): Promise<RenderedImage> {
  const base64 = input.replace(/^data:[^;,]*;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw fieldError(field, 'The image must be a base64 encoded file.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw fieldError(field, 'The image may not be larger than 2 MB.');
  const type = await fileTypeFromBuffer(bytes);
  const ext = type?.ext === 'jpg' || type?.ext === 'png' || type?.ext === 'webp' ? type.ext : undefined;
  if (!ext || !allowed.includes(ext)) {
    const names = allowed.map((kind) => (kind === 'jpg' ? 'jpg, jpeg' : kind)).join(', ');
    throw fieldError(field, `The image must be a file of type: ${names}.`);
  }
  try {
    return { files: await renderImage(bytes) };
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    if (error.reason === 'too-many-pixels') {
      throw fieldError(field, `The image may not have more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`);
    }
    throw fieldError(field, 'The image could not be read: it may be damaged. Try another one.');
  }
}
