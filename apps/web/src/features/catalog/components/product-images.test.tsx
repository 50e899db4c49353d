import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLocationProduct } from '@/testing/catalog-fixtures';
import { ProductImages } from './product-images';

const pictures = () => screen.queryAllByRole('img', { hidden: true }).map((img) => img.getAttribute('alt'));

describe('product pictures', () => {
  it('fetches the first two photos at first and the others as the slides come near them', async () => {
    const user = userEvent.setup();
    const product = makeLocationProduct({
      product_name: 'Eva Water',
      product_images: ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg', '/uploads/d.jpg'],
    });
    render(<ProductImages product={product} />);
    expect(screen.getByRole('img', { name: 'Eva Water, picture 1', hidden: true })).toHaveAttribute(
      'fetchpriority',
      'high',
    );
    expect(pictures()).toEqual(['Eva Water, picture 1', 'Eva Water, picture 2']);

    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(await screen.findByRole('img', { name: 'Eva Water, picture 3', hidden: true })).toBeInTheDocument();
    expect(pictures()).not.toContain('Eva Water, picture 4');
  });

  it('names a single photo after the product, and shows a placeholder when there is none', () => {
    const { unmount } = render(
      <ProductImages
        product={makeLocationProduct({ product_name: 'Eva Water', product_images: ['/uploads/a.jpg'] })}
      />,
    );
    expect(pictures()).toEqual(['Eva Water']);
    unmount();
    render(<ProductImages product={makeLocationProduct({ product_images: [] })} />);
    expect(pictures()).toEqual([]);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
