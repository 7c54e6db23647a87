import { describe, expect, it } from 'vitest';
import { occasionalSweep, SWEEP_INTERVAL_MS } from './occasional-sweep.ts';

describe('occasionalSweep', () => {
  it('sweeps at once, then at most once an interval, with the time it was called for', async () => {
    const swept: number[] = [];
    const sweep = occasionalSweep(async (at) => void swept.push(at.getTime()));
    const start = Date.parse('2026-11-25T12:00:00Z');
    await sweep(new Date(start));
    await sweep(new Date(start + 1));
    await sweep(new Date(start + SWEEP_INTERVAL_MS - 1));
    await sweep(new Date(start + SWEEP_INTERVAL_MS));
    await sweep(new Date(start + SWEEP_INTERVAL_MS + 5));
    expect(swept).toEqual([start, start + SWEEP_INTERVAL_MS]);
  });
});
