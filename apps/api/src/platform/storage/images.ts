import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MAX_BYTES } from '@ruwa/contract';
import { fieldError } from '../../lib/http/errors';
import {
  AVATAR_MAX_PIXELS,
  IMAGE_MAX_PIXELS,
  renderImage,
  UnreadableImageError,
  writeImageFiles,
  type ImageFile,
} from './render';

export type ImageKind = 'jpg' | 'png' | 'webp';

/** What an upload is for: how many pixels it may have, and the sentence read past that. */
export type ImagePurpose = { maxPixels: number; tooManyPixels: string };

/** Catalogue pictures, category images and agents' business images. */
export const PICTURE: ImagePurpose = {
  maxPixels: IMAGE_MAX_PIXELS,
  tooManyPixels: `The image may not have more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
};

/** A customer's profile photo (see AVATAR_MAX_PIXELS for why it is lower). */
export const AVATAR: ImagePurpose = {
  maxPixels: AVATAR_MAX_PIXELS,
  tooManyPixels: `The photo is too large: at most ${AVATAR_MAX_PIXELS / 1_000_000} megapixels.`,
};

/** An upload already checked and rendered into its responsive files, ready to store. */
export interface RenderedImage {
  files: ImageFile[];
}

/** A stored file read back for GET /uploads/..., with what its response needs. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

/**
 * What answers GET /uploads/<key>: files in a folder (served as static files), the store's own
 * reader, or nothing when the URLs `save` answers point elsewhere (a public bucket).
 */
export type UploadsSource = { dir: string } | { read(key: string): Promise<StoredFile | null> } | null;

export interface ImageStore {
  /**
   * Saves the files as `<folder>/<stem><suffix>` and answers the public URL of the JPEG fallback. The
   * stem is fresh and random unless given (the seed names its pictures by a hash of their source).
   * Either way a name is never rewritten with other bytes, so the files can be cached for good
   * (docs/decisions/006).
   */
  save(image: RenderedImage, folder: string, stem?: string): Promise<string>;
  uploads: UploadsSource;
  /** Lets go of connections; the store is not used afterwards. */
  close(): void;
}

/** How long browsers and caches may keep an upload: its name never gets other bytes. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A fresh name for an upload's files. */
export const freshStem = () => randomBytes(12).toString('hex');

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** The content type of a stored image, from its name (the store chose every name). */
export function imageContentType(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Local disk under DATA_DIR/uploads, served at /uploads/... */
export function diskImageStore(uploadsDir: string): ImageStore {
  return {
    async save(image, folder, stem = freshStem()) {
      const name = await writeImageFiles(path.join(uploadsDir, folder), stem, image.files);
      return `/uploads/${folder}/${name}`;
    },
    uploads: { dir: uploadsDir },
    close: () => undefined,
  };
}

/**
 * Decodes a data URL or bare base64 string, checks the bytes themselves (not the claimed type) are an
 * allowed image no larger than 2 MB with no more pixels than its purpose allows, and renders its
 * responsive files. Throws a 422 on `field` otherwise.
 */
export async function decodeImage(
  input: string,
  field: string,
  { allowed = ['jpg', 'png'], purpose = PICTURE }: { allowed?: readonly ImageKind[]; purpose?: ImagePurpose } = {},
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
    return { files: await renderImage(bytes, { maxPixels: purpose.maxPixels }) };
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    if (error.reason === 'too-many-pixels') throw fieldError(field, purpose.tooManyPixels);
    throw fieldError(field, 'The image could not be read: it may be damaged. Try another one.');
  }
}
