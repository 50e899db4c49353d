import { describe, expect, it } from 'vitest';
import { assertNoClassConflicts } from './class-conflicts';
import { cn } from './utils';

describe('cn', () => {
  it('joins class names and drops falsy ones', () => {
    expect(cn('h-9 px-3', false, undefined, { 'text-sm': true, 'text-lg': false })).toBe('h-9 px-3 text-sm');
  });

  it('refuses two utilities for the same property in development and tests', () => {
    expect(() => cn('h-9 px-3', 'h-12')).toThrow(/Conflicting Tailwind classes in "h-9 px-3 h-12"/);
    expect(() => cn('text-slate-700', 'text-brand-800')).toThrow(/Conflicting/);
  });

  it('allows the same utility under different variants and whitespace in the source', () => {
    expect(() => assertNoClassConflicts('w-full sm:w-56  top-1/2\n peer-focus:top-2')).not.toThrow();
  });
});
