import { useState } from 'react';
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

/**
 * The user's picture over their initials: the initials show while it loads, and stay when there is
 * none or it fails. Decorative: the name is always shown or announced next to it. (Plain elements,
 * not Radix's Avatar: it probed the image in script and rendered twice, on every screen's header.)
 */
export function Avatar({ src, firstName, lastName, size, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The largest avatar is 96 px, so the 320 px copy stays sharp on 3x screens.
  const url = src ? imageUrlForWidth(src, size === 'lg' ? 320 : 160) : null;
  return (
    <span className={cn(avatarVariants({ size }), className)} aria-hidden="true">
      {initialsOf(firstName, lastName)}
      {url && url !== failedSrc && (
        <img
          src={url}
          alt=""
          decoding="async"
          onError={() => setFailedSrc(url)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </span>
  );
}
