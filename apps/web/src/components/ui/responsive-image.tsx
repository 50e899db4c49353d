import type { ComponentProps } from 'react';
import { hasImageVariants, imageSrcSet, imageVariantUrl, type ImageWidth } from '@ruwa/contract/images';

type ResponsiveImageProps = Omit<
  ComponentProps<'img'>,
  'src' | 'srcSet' | 'sizes' | 'alt' | 'width' | 'height' | 'loading' | 'decoding' | 'fetchPriority'
> & {
  src: string;
  alt: string;
  /**
   * The box the image is drawn in, in CSS px. Written as width/height so the page reserves the space
   * before the bytes arrive; CSS may scale the box as long as it keeps this ratio.
   */
  width: number;
  height: number;
  /** How wide the image is drawn at each viewport (the `sizes` attribute); defaults to `width` px. */
  sizes?: string;
  /** The screen's first visible image (its LCP): fetched at once and first. Others wait until near the viewport. */
  priority?: boolean;
};

/**
 * An uploaded image as the smallest WebP copy that fills its box (docs/decisions/006). The API's
 * URL, a JPEG, stays the `src` for anything that ignores `srcset`. Images without copies (older
 * uploads, SVG assets) are shown as they are, with the same sizing and loading rules.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, ...rest }: ResponsiveImageProps) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      {...rest}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}

/**
 * One URL for a fixed-size image such as an avatar: the copy at `width` device pixels when the
 * upload has copies, else the URL itself. For places that cannot take a `srcset`.
 */
export function imageUrlForWidth(src: string, width: ImageWidth): string {
  return hasImageVariants(src) ? imageVariantUrl(src, width) : src;
}
