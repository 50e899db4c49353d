import { Link } from 'react-router';
import { Droplet, Flame } from 'lucide-react';
import type { LocationProduct } from '@ruwa/contract';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { formatNaira } from '@ruwa/contract/money';
import { defaultCylinderSize } from './cylinder-fields';

export type ProductLink = { to: string; state: unknown };

/**
 * The price the card shows, with its unit so it reads the same as the detail it opens: gas priced
 * by cylinder shows the standard cylinder's refill, gas sold by the kilogram says per kg.
 */
export function cardPrice(product: LocationProduct): { priceNaira: number; unit: string } {
  if (product.kind !== 'gas') return { priceNaira: product.price, unit: '' };
  const cylinders = product.cylinders ?? [];
  const standard = cylinders.find((c) => String(c.size_kg) === defaultCylinderSize(cylinders));
  if (standard) return { priceNaira: standard.refill_price, unit: ` for ${standard.size_kg} kg` };
  return { priceNaira: product.price, unit: '/kg' };
}

/** A product in the results: first image (or a placeholder), name and price at the location. */
export function ProductCard({ product, link }: { product: LocationProduct; link: ProductLink }) {
  const image = product.product_images[0];
  const { priceNaira, unit } = cardPrice(product);
  const Placeholder = product.kind === 'gas' ? Flame : Droplet;
  return (
    <Link
      to={link.to}
      state={link.state}
      className="flex h-full flex-col overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="flex aspect-square items-center justify-center bg-brand-50 text-brand-600">
        {image ? (
          // Two columns in the 28rem-wide shell.
          <ResponsiveImage
            src={image}
            alt=""
            width={208}
            height={208}
            sizes="(min-width: 28rem) 13rem, 50vw"
            className="size-full object-cover"
          />
        ) : (
          <Placeholder className="size-12" aria-hidden="true" />
        )}
      </span>
      <span className="flex flex-1 flex-col gap-1 p-3">
        <span className="font-semibold text-slate-900">{product.product_name}</span>
        <span className="mt-auto text-lg font-bold text-brand-700">
          {formatNaira(priceNaira)}
          {unit && <span className="text-sm font-medium text-slate-600">{unit}</span>}
        </span>
      </span>
    </Link>
  );
}
