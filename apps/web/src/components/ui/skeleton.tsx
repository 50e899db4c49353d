import { cn } from '@/lib/utils';

const SHAPES = { block: 'rounded-lg', card: 'rounded-xl', circle: 'rounded-full' };
const TONES = { muted: 'bg-slate-200', 'on-brand': 'bg-white/30', brand: 'bg-brand-600' };

type SkeletonProps = {
  /** Size and placement. */
  className?: string;
  /** The corners of what it stands for: a line or block, a card, an avatar. */
  shape?: keyof typeof SHAPES;
  /** `on-brand` on the blue balance card; `brand` where a brand-coloured button will appear. */
  tone?: keyof typeof TONES;
};

/** A grey placeholder block shown where content is loading; it starts to pulse after a second. */
export function Skeleton({ className, shape = 'block', tone = 'muted' }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse-late motion-reduce:animate-none', SHAPES[shape], TONES[tone], className)}
    />
  );
}
