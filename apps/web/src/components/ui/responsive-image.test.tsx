import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { imageUrlForWidth, ResponsiveImage } from './responsive-image';

const UPLOAD = '/uploads/products/0a1b2c3d4e5f60718293a4b5-r.jpg';

describe('ResponsiveImage', () => {
  it('offers the WebP copies of an upload, keeps the JPEG as src and reserves its box', () => {
    render(<ResponsiveImage src={UPLOAD} alt="Pure water" width={208} height={208} sizes="50vw" />);
    const image = screen.getByRole('img', { name: 'Pure water' });
    expect(image).toHaveAttribute('src', UPLOAD);
    expect(image.getAttribute('srcset')?.split(', ')).toEqual([
      '/uploads/products/0a1b2c3d4e5f60718293a4b5-r-160.webp 160w',
      '/uploads/products/0a1b2c3d4e5f60718293a4b5-r-320.webp 320w',
      '/uploads/products/0a1b2c3d4e5f60718293a4b5-r-640.webp 640w',
      '/uploads/products/0a1b2c3d4e5f60718293a4b5-r-1280.webp 1280w',
    ]);
    expect(image).toHaveAttribute('sizes', '50vw');
    expect(image).toHaveAttribute('width', '208');
    expect(image).toHaveAttribute('height', '208');
  });

  it('waits until below-the-fold images near the viewport, and fetches the first visible one first', () => {
    render(
      <>
        <ResponsiveImage src={UPLOAD} alt="first" width={416} height={312} priority />
        <ResponsiveImage src={UPLOAD} alt="second" width={416} height={312} />
      </>,
    );
    const first = screen.getByRole('img', { name: 'first' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('sizes', '416px');
    const second = screen.getByRole('img', { name: 'second' });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).toHaveAttribute('decoding', 'async');
    expect(second).not.toHaveAttribute('fetchpriority');
  });

  it('shows images without copies as they are', () => {
    render(<ResponsiveImage src="/uploads/avatars/0a1b2c3d4e5f60718293a4b5.png" alt="" width={36} height={36} />);
    const image = screen.getByRole('presentation');
    expect(image).toHaveAttribute('src', '/uploads/avatars/0a1b2c3d4e5f60718293a4b5.png');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(imageUrlForWidth('data:image/png;base64,AAAA', 160)).toBe('data:image/png;base64,AAAA');
    expect(imageUrlForWidth(UPLOAD, 160)).toBe('/uploads/products/0a1b2c3d4e5f60718293a4b5-r-160.webp');
  });
});
