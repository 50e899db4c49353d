import type { LocationProduct } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { ProductImages } from './product-images';

/** Carousel, name, description and price at the chosen location. */
export function ProductSummary({
  product,
  unit,
  priceNaira = product.price,
}: {
  product: LocationProduct;
  unit?: string;
  /** The price to show when it is not the product's own (e.g. one gas cylinder size). */
  priceNaira?: number;
}) {
  return (
    <div className="space-y-4">
      <ProductImages product={product} />
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">{product.product_name}</h1>
        {product.product_description && (
          <p className="whitespace-pre-line text-slate-700">{product.product_description}</p>
        )}
        <p className="text-slate-700">
          <span className="sr-only">Price: </span>
          <span className="text-2xl font-extrabold text-brand-700" data-testid="unit-price">
            {formatNaira(priceNaira)}
          </span>
          {unit && <span className="text-sm text-slate-600"> {unit}</span>}
        </p>
      </div>
    </div>
  );
}
