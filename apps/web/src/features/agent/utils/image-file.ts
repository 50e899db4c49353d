import { IMAGE_MAX_BYTES } from '@ruwa/contract';

/** The profile photo's rules (jpg, png or jpeg, sent inline as base64). */
export const IMAGE_TYPE_MESSAGE = 'Only jpg, png or jpeg images are allowed';
export const IMAGE_SIZE_MESSAGE = 'The image may not be larger than 2 MB.';
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const ALLOWED_TYPES = new Set(['image/jpeg', 'image/png']);
const ALLOWED_EXTENSION = /\.(jpe?g|png)$/i;

export function validateImage(file: File): string | null {
  if (!ALLOWED_TYPES.has(file.type) || !ALLOWED_EXTENSION.test(file.name)) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}
