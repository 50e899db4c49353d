/**
 * Responsive uploads (docs/decisions/006-responsive-images.md). The API keeps answering one URL per
 * image: the JPEG fallback, whose name ends in `-r.jpg`. Beside it sit WebP copies whose names add the
 * width, so `/uploads/products/ab12-r.jpg` has `/uploads/products/ab12-r-320.webp`. Older uploads and
 * bundled assets have no such copies and are shown as they are.
 */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The end of a responsive upload's name: the fallback copy, a JPEG whose longest side is at most 1280 px. */
export const IMAGE_FALLBACK_SUFFIX = '-r.jpg';

export function hasImageVariants(url: string): boolean {
  return url.endsWith(IMAGE_FALLBACK_SUFFIX);
}

/** The WebP copy of a responsive upload at `width` (narrower sources are never enlarged). */
export function imageVariantUrl(url: string, width: ImageWidth): string {
  return `${url.slice(0, -'.jpg'.length)}-${width}.webp`;
}

/** A `srcset` listing every WebP copy, or undefined for an image without copies. */
export function imageSrcSet(url: string): string | undefined {
  if (!hasImageVariants(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', ');
}
