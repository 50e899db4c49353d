import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug the test did not notice (STYLE: tests fail on it).
const calls: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void calls.push(args));

afterEach(() => {
  if (calls.length) {
    const first = calls.map((args) => args.map(String).join(' ')).join('\n');
    calls.length = 0;
    throw new Error(`console.error was called:\n${first}`);
  }
  spy.mockClear();
});
