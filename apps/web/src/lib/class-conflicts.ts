import { twMerge } from 'tailwind-merge';

/**
 * Development and tests only (see `cn`): tailwind-merge knows which utilities set the same CSS
 * property, so a list it would shorten has a conflict, e.g. `h-9 h-12` or `text-slate-700
 * text-brand-800`. Production builds leave this out: tailwind-merge costs 27 KB and its class tables
 * take tens of milliseconds to build on a slow phone, on the first render.
 */
export function assertNoClassConflicts(classes: string): void {
  const normalised = classes.split(/\s+/).filter(Boolean).join(' ');
  const merged = twMerge(normalised);
  if (merged !== normalised) {
    throw new Error(
      `Conflicting Tailwind classes in "${normalised}" (only "${merged}" would take effect). ` +
        'Give the component a variant instead of overriding its classes.',
    );
  }
}
