import { vi } from 'vitest';

/** Returns (and forgets) the console.error calls of the current test. */
export function takeConsoleErrors(): unknown[][] {
  const spy = vi.isMockFunction(console.error) ? vi.mocked(console.error) : null;
  if (!spy) return [];
  const calls = [...spy.mock.calls];
  spy.mockClear();
  return calls;
}
