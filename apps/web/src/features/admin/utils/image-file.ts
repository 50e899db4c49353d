import { IMAGE_MAX_BYTES } from '@ruwa/contract';

/** Catalogue images: what the API stores (jpg, png or webp, up to 2 MB). */
export const CATALOG_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
export const CATALOG_IMAGE_TYPE_MESSAGE = 'Only jpg, png or webp images are allowed';
export const CATALOG_IMAGE_SIZE_MESSAGE = 'The image may not be larger than 2 MB.';

const ALLOWED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const ALLOWED_EXTENSION = /\.(jpe?g|png|webp)$/i;

export function validateCatalogImage(file: File): string | null {
  if (!ALLOWED_TYPES.has(file.type) || !ALLOWED_EXTENSION.test(file.name)) return CATALOG_IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return CATALOG_IMAGE_SIZE_MESSAGE;
  return null;
}

/** The file as a data URL, the form base64_photos takes. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}
