import { IMAGE_MAX_BYTES } from '@ruwa/contract';

/** What an upload may be: a photo (profile, business) or a catalogue image, which may also be WebP. */
export type ImageRules = {
  /** The file input's `accept`. */
  accept: string;
  typeMessage: string;
  types: ReadonlySet<string>;
  extension: RegExp;
};

export const IMAGE_SIZE_MESSAGE = 'The image may not be larger than 2 MB.';

/** Profile and business photos: jpg or png, sent inline as base64. */
export const PHOTO_RULES: ImageRules = {
  accept: '.jpg,.jpeg,.png,image/jpeg,image/png',
  typeMessage: 'Only jpg, png or jpeg images are allowed',
  types: new Set(['image/jpeg', 'image/png']),
  extension: /\.(jpe?g|png)$/i,
};

/** Catalogue images: what the API stores (jpg, png or webp). */
export const CATALOG_IMAGE_RULES: ImageRules = {
  accept: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  typeMessage: 'Only jpg, png or webp images are allowed',
  types: new Set(['image/jpeg', 'image/png', 'image/webp']),
  extension: /\.(jpe?g|png|webp)$/i,
};

/** The message to show when the file cannot be used (wrong type, or over 2 MB), else null. */
export function validateImage(file: File, rules: ImageRules = PHOTO_RULES): string | null {
  if (!rules.types.has(file.type) || !rules.extension.test(file.name)) return rules.typeMessage;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

/** The file as a data URL, the inline base64 form the API takes in base64_photos. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}
