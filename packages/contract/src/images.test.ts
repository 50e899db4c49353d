import { describe, expect, it } from 'vitest';
import { hasImageVariants, imageSrcSet, imageVariantUrl } from './images';

describe('responsive image names', () => {
  it('derives the WebP copies from the fallback URL the API answers', () => {
    const url = '/uploads/products/0a1b2c3d4e5f60718293a4b5-r.jpg';
    expect(hasImageVariants(url)).toBe(true);
    expect(imageVariantUrl(url, 320)).toBe('/uploads/products/0a1b2c3d4e5f60718293a4b5-r-320.webp');
    expect(imageSrcSet(url)).toBe(
      '/uploads/products/0a1b2c3d4e5f60718293a4b5-r-160.webp 160w, /uploads/products/0a1b2c3d4e5f60718293a4b5-r-320.webp 320w, ' +
        '/uploads/products/0a1b2c3d4e5f60718293a4b5-r-640.webp 640w, /uploads/products/0a1b2c3d4e5f60718293a4b5-r-1280.webp 1280w',
    );
  });

  it('leaves older uploads and bundled assets alone', () => {
    for (const url of [
      '/uploads/avatars/0a1b2c3d4e5f60718293a4b5.png',
      '/uploads/seed/gas.jpg',
      '/assets/slide-gas-1a2b.svg',
    ]) {
      expect(hasImageVariants(url)).toBe(false);
      expect(imageSrcSet(url)).toBeUndefined();
    }
  });
});
