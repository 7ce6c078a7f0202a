import { describe, expect, it } from 'vitest';
import { summarizeRuns, type Audit, type PageName } from './lighthouse';

/** An audit as `audit()` records it, with the two timings Lighthouse's median run is chosen by. */
function audited(page: PageName, performance: number, fcp: number, interactive: number, seo = 100): Audit {
  return {
    page,
    scores: { performance, accessibility: 100, 'best-practices': 100, seo },
    lcp: 1000,
    tbt: 100,
    cls: 0,
    lcpElement: '–',
    failing: [],
    benchmarkIndex: 2000,
    lhr: { audits: { 'first-contentful-paint': { numericValue: fcp }, interactive: { numericValue: interactive } } } as unknown as Audit['lhr'],
  };
}

describe('summarizeRuns', () => {
  it('lists every run’s score per page, counts the runs that met every target, and picks Lighthouse’s median run', () => {
    const runs = [
      [audited('home', 96, 900, 3000), audited('event', 99, 800, 2500)],
      [audited('home', 91, 1200, 4200), audited('event', 97, 850, 2600, 92)],
      [audited('home', 98, 950, 3400), audited('event', 100, 700, 2400)],
    ];
    const [home, event] = summarizeRuns(runs);
    expect(home!.page).toBe('home');
    expect(home!.performance).toEqual([96, 91, 98]);
    expect(home!.met).toBe(2);
    // The median FCP is 950 ms and the median TTI 3,400 ms: the third run.
    expect(home!.median).toBe(runs[2]![0]);
    // A run under 100 in SEO misses the target whatever its performance.
    expect(event!.performance).toEqual([99, 97, 100]);
    expect(event!.met).toBe(2);
    expect(event!.median).toBe(runs[0]![1]);
  });
});
