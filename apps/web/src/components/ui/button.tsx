import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/utils';
import { Spinner } from './spinner';

export const buttonVariants = cva(
  'inline-flex cursor-pointer items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress',
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-white hover:bg-brand-700',
        outline: 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
        secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
        ghost: 'text-slate-800 hover:bg-slate-100',
        /** Delete and other destructive actions in a row of quiet buttons. */
        'ghost-danger': 'text-red-700 hover:bg-red-50',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        link: 'text-brand-700 underline underline-offset-4 hover:text-brand-900',
      },
      size: {
        default: 'h-12 gap-2 px-5 text-base',
        sm: 'h-9 gap-2 px-3 text-sm',
        /** As tall as a text field, for a button beside one. */
        field: 'h-12 gap-2 px-3 text-sm',
        /** Narrow choices in a row, such as quick amounts. */
        chip: 'h-9 gap-0.5 px-1 text-sm',
        icon: 'size-10 gap-2 p-0',
        /** Inline text (the link variant): no box of its own. */
        text: 'h-auto gap-2 px-0 text-base',
      },
      block: { true: 'w-full', false: '' },
    },
    defaultVariants: { variant: 'primary', size: 'default', block: false },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a router Link) with the button's look. */
    asChild?: boolean;
    /** Shows a spinner, disables the button and marks it busy while a request runs. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  block,
  asChild = false,
  loading = false,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  // A link reads as text, so it takes no button box whatever size was asked for.
  const classes = cn(buttonVariants({ variant, size: variant === 'link' ? 'text' : size, block }), className);
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
