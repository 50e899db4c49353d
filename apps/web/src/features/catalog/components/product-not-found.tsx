import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export const PRODUCT_NOT_FOUND_TEXTS = {
  title: 'Product not found',
  body: 'This product is not sold in this area any more, or the link is wrong.',
  back: 'Back to home',
} as const;

/** A detail address naming a product that is not sold at that location: said, with a way back. */
export function ProductNotFound({ homeHref }: { homeHref: string }) {
  return (
    <section aria-labelledby="product-not-found" className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 id="product-not-found" className="text-2xl font-bold text-slate-900">
        {PRODUCT_NOT_FOUND_TEXTS.title}
      </h1>
      <p className="text-slate-700">{PRODUCT_NOT_FOUND_TEXTS.body}</p>
      <Button asChild>
        <Link to={homeHref}>{PRODUCT_NOT_FOUND_TEXTS.back}</Link>
      </Button>
    </section>
  );
}
