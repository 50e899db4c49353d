import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MAX_BYTES } from '@ruwa/contract';
import { fieldError } from '../../lib/http/errors';

export type ImageKind = 'jpg' | 'png' | 'webp';

export interface ImageStore {
  /** Saves an image and answers its public URL. */
  save(bytes: Buffer, ext: ImageKind, folder: string): Promise<string>;
}

/** Local disk under DATA_DIR/uploads, served at /uploads/... */
export function diskImageStore(uploadsDir: string): ImageStore {
  return {
    async save(bytes, ext, folder) {
      const dir = path.join(uploadsDir, folder);
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(12).toString('hex')}.${ext}`;
      await writeFile(path.join(dir, name), bytes);
      return `/uploads/${folder}/${name}`;
    },
  };
}

/**
 * Decodes a data URL or bare base64 string and checks the bytes themselves (not the claimed type)
 * are an allowed image no larger than 2 MB. Throws a 422 on `field` otherwise.
 */
export async function decodeImage(
  input: string,
  field: string,
  allowed: readonly ImageKind[] = ['jpg', 'png'],
): Promise<{ bytes: Buffer; ext: ImageKind }> {
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
  return { bytes, ext };
}
