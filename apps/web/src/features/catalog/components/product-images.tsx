import { Droplet, Flame } from 'lucide-react';
import type { LocationProduct } from '@ruwa/contract';
import { Carousel, CarouselImage } from '@/components/ui/carousel';

/** The product's pictures as swipeable slides, or a placeholder when it has none. */
export function ProductImages({ product }: { product: LocationProduct }) {
  const images = product.product_images;
  if (images.length === 0) {
    const Placeholder = product.kind === 'gas' ? Flame : Droplet;
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Placeholder className="size-16" aria-hidden="true" />
      </div>
    );
  }
  return (
    <Carousel label={`Pictures of ${product.product_name}`}>
      {images.map((src, index) => (
        // Each photo is fetched once the carousel comes near it (the tint shows until then).
        <div key={src} className="aspect-[4/3] overflow-hidden rounded-2xl bg-brand-50">
          <CarouselImage
            src={src}
            alt={images.length > 1 ? `${product.product_name}, picture ${index + 1}` : product.product_name}
            width={416}
            height={312}
            sizes="(min-width: 28rem) 26rem, 100vw"
            className="size-full object-cover"
            priority={index === 0}
          />
        </div>
      ))}
    </Carousel>
  );
}
