import { Droplet, Flame, GlassWater, Truck, type LucideIcon } from 'lucide-react';
import { Carousel } from '@/components/ui/carousel';

/** The four promo slides; agents start with 100 bags. */
const SLIDES: { icon: LucideIcon; title: string; text: string; tone: string }[] = [
  {
    icon: Droplet,
    title: 'Sell sachet water',
    text: 'Start with 100 bags of sachet water and earn on every bag you deliver.',
    tone: 'bg-brand-700 text-white',
  },
  {
    icon: Truck,
    title: 'Home delivery',
    text: 'Take orders from homes near you and deliver them to the door.',
    tone: 'bg-amber-100 text-amber-950',
  },
  {
    icon: GlassWater,
    title: 'Sell bottle water',
    text: 'Add bottle water to your 100 bags to start with and grow your business.',
    tone: 'bg-sky-100 text-sky-950',
  },
  {
    icon: Flame,
    title: 'Sell cooking gas',
    text: 'Refill cooking gas for your neighbours and earn a commission on each order.',
    tone: 'bg-slate-800 text-white',
  },
];

export function AgentPromoCarousel() {
  return (
    <Carousel label="Why become an agent" autoplay>
      {SLIDES.map(({ icon: Icon, title, text, tone }) => (
        <div key={title} className={`flex aspect-[2/1] flex-col justify-center gap-1 rounded-2xl p-5 ${tone}`}>
          <Icon className="size-7" aria-hidden="true" />
          <p className="text-lg font-bold">{title}</p>
          <p className="text-sm leading-snug">{text}</p>
        </div>
      ))}
    </Carousel>
  );
}
