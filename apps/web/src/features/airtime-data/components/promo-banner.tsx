import { Carousel } from '@/components/ui/carousel';

export const RECHARGE_SLIDE = 'Recharge your phone and get the cheapest rates';
export const REWARDS_SLIDE = 'Subscribe your phone to win rewards';

/** Two promo slides, every 4 seconds, looping, stopping on interaction. */
export function PromoBanner() {
  return (
    <Carousel label="Airtime and data offers" autoplay>
      <div className="flex aspect-[3/1] items-center rounded-2xl bg-brand-700 px-6 py-4 text-white">
        <p className="text-lg leading-snug font-bold">{RECHARGE_SLIDE}</p>
      </div>
      <div className="flex aspect-[3/1] items-center rounded-2xl bg-amber-100 px-6 py-4 text-amber-950">
        <p className="text-lg leading-snug font-bold">{REWARDS_SLIDE}</p>
      </div>
    </Carousel>
  );
}
