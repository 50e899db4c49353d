import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';
import { imageUrlForWidth } from './responsive-image';

const avatarVariants = cva(
  'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800',
  {
    variants: {
      size: { sm: 'size-9 text-sm', md: 'size-12 text-base', lg: 'size-24 text-2xl' },
    },
    defaultVariants: { size: 'md' },
  },
);

export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const letters = [firstName, lastName].map((name) => name?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || '?';
}

type AvatarProps = VariantProps<typeof avatarVariants> & {
  src?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  className?: string;
};

/** The user's picture, or their initials while it loads or when there is none. Decorative: the
 * name is always shown or announced next to it. */
export function Avatar({ src, firstName, lastName, size, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn(avatarVariants({ size }), className)} aria-hidden="true">
      {/* One URL, not a srcset: Radix probes `src` alone to decide between picture and initials.
          The largest avatar is 96 px, so the 320 px copy stays sharp on 3x screens. */}
      {src && (
        <AvatarPrimitive.Image
          src={imageUrlForWidth(src, size === 'lg' ? 320 : 160)}
          alt=""
          className="size-full object-cover"
        />
      )}
      <AvatarPrimitive.Fallback delayMs={src ? 300 : undefined}>
        {initialsOf(firstName, lastName)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
