import { describe, expect, it } from 'vitest';
import { judgePage, MIN_CPU_SHARE, TARGETS } from './lighthouse-targets.mjs';

const ALL = new Set(Object.keys(TARGETS));
const MET = { performance: 99, lcpMs: 1700, tbtMs: 30, cls: 0.003, accessibility: 100 };
const judge = (medians, cpuShare, enforced = ALL) =>
  judgePage({ page: '/home', medians: { ...MET, ...medians }, cpuShare, enforced });

describe('judgePage', () => {
  it('passes a page that meets every target', () => {
    expect(judge({}, 0.8)).toEqual({ failures: [], notEnforced: [], excused: [] });
    expect(judge({}, 0.3)).toEqual({ failures: [], notEnforced: [], excused: [] });
  });

  it('fails each missed target when the main thread had the CPU', () => {
    const verdict = judge({ performance: 94, lcpMs: 2010, tbtMs: 151, cls: 0.06, accessibility: 94 }, 0.75);
    expect(verdict.failures).toEqual([
      '/home: performance 94 (target >= 95)',
      '/home: lcpMs 2.01 s (target <= 2.00 s)',
      '/home: tbtMs 151 ms (target <= 150 ms)',
      '/home: cls 0.060 (target <= 0.050)',
      '/home: accessibility 94 (target >= 95)',
    ]);
    expect(verdict.excused).toEqual([]);
  });

  it('counts a target met exactly at its limit as met', () => {
    expect(judge({ performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05, accessibility: 95 }, 0.75).failures).toEqual(
      [],
    );
  });

  it('excuses only the CPU-timed misses when the machine kept the main thread waiting', () => {
    const verdict = judge({ performance: 89, tbtMs: 375, cls: 0.2 }, 0.38);
    expect(verdict.failures).toEqual(['/home: cls 0.200 (target <= 0.050)']);
    expect(verdict.excused).toEqual([
      "/home: performance 89 (target >= 95): the main thread had a CPU for 38% of its tasks' wall time (needs 60%)",
      "/home: tbtMs 375 ms (target <= 150 ms): the main thread had a CPU for 38% of its tasks' wall time (needs 60%)",
    ]);
  });

  it('judges CPU-timed figures from the minimum share up, and excuses them when the share is unknown', () => {
    expect(judge({ tbtMs: 200 }, MIN_CPU_SHARE).failures).toEqual(['/home: tbtMs 200 ms (target <= 150 ms)']);
    expect(judge({ tbtMs: 200 }, MIN_CPU_SHARE - 0.01).failures).toEqual([]);
    expect(judge({ tbtMs: 200 }, null).excused).toEqual([
      "/home: tbtMs 200 ms (target <= 150 ms): the main thread had a CPU for an unknown share of its tasks' wall time (needs 60%)",
    ]);
  });

  it('only reports misses of targets that are not enforced', () => {
    const verdict = judge({ tbtMs: 400, accessibility: 90 }, 0.9, new Set(['cls', 'accessibility']));
    expect(verdict.failures).toEqual(['/home: accessibility 90 (target >= 95)']);
    expect(verdict.notEnforced).toEqual(['/home: tbtMs 400 ms (target <= 150 ms)']);
  });
});
