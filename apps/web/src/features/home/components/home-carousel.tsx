import { Carousel, CarouselImage } from '@/components/ui/carousel';
import slideDelivery from '../assets/slide-delivery.svg?no-inline';
import slideGas from '../assets/slide-gas.svg?no-inline';
import slideWater from '../assets/slide-water.svg?no-inline';

export const RECHARGE_SLIDE = 'Recharge your phone and get the cheapest rates';
export const REWARDS_SLIDE = 'Subscribe your phone to win rewards';

function ImageSlide({
  src,
  alt,
  caption,
  eager = false,
}: {
  src: string;
  alt: string;
  caption: string;
  eager?: boolean;
}) {
  return (
    <figure className="relative aspect-[2/1] overflow-hidden rounded-2xl bg-brand-50">
      {/* SVG scales to any width, so one file. Until the carousel nears this slide, the figure shows
          its caption on the brand tint; the picture is neither fetched nor drawn. */}
      <CarouselImage src={src} alt={alt} width={320} height={160} priority={eager} className="size-full object-cover" />
      <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/70 to-transparent px-4 pt-6 pb-3 text-sm font-semibold text-white">
        {caption}
      </figcaption>
    </figure>
  );
}

function TextSlide({ text, tone }: { text: string; tone: 'brand' | 'amber' }) {
  return (
    <div
      className={
        tone === 'brand'
          ? 'flex aspect-[2/1] items-center rounded-2xl bg-brand-700 p-6 text-white'
          : 'flex aspect-[2/1] items-center rounded-2xl bg-amber-100 p-6 text-amber-950'
      }
    >
      <p className="text-xl leading-snug font-bold">{text}</p>
    </div>
  );
}

/** Image slides and the two promo text slides, advancing every 4 seconds. */
export function HomeCarousel() {
  return (
    <Carousel label="Offers" autoplay>
      <ImageSlide
        src={slideWater}
        alt="A bottle and a sachet of water"
        caption="Sachet and bottle water, delivered"
        eager
      />
      <TextSlide text={RECHARGE_SLIDE} tone="brand" />
      <ImageSlide src={slideGas} alt="Cooking gas cylinders" caption="Cooking gas at your doorstep" />
      <TextSlide text={REWARDS_SLIDE} tone="amber" />
      <ImageSlide
        src={slideDelivery}
        alt="A delivery rider on the way to a house"
        caption="Fast delivery across Lagos"
      />
    </Carousel>
  );
}
