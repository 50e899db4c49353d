import { clsx, type ClassValue } from 'clsx';
import { assertNoClassConflicts } from './class-conflicts';

/**
 * Joins class names. It does not resolve conflicts between Tailwind utilities (which one wins
 * depends on the stylesheet's order, not the attribute's): components offer variants instead of
 * letting callers override their classes. Development builds and the tests check that no class list
 * carries two utilities for the same property; production builds drop the check and its library.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) assertNoClassConflicts(classes);
  return classes;
}
