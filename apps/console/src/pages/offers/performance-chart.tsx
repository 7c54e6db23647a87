import { useEffect, useRef, useState } from 'react';
import type { OfferPerformance } from '@app/contracts/staff-offers';
import type { Chart } from './draw-performance-chart.ts';

const heightFor = (width: number) => (width < 480 ? 180 : 240);

/**
 * The points by day as bars, drawn once the chart library has loaded (its own chunk) and redrawn to the width
 * it is given. Hidden from assistive technology: the table beside it holds the same figures. Where it cannot
 * be drawn (no canvas), the space closes and the table remains.
 */
export function PerformanceChart({ byDay }: { byDay: OfferPerformance['byDay'] }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let chart: Chart | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    import('./draw-performance-chart.ts')
      .then(({ drawChart }) => {
        if (cancelled) return;
        const width = element.clientWidth;
        chart = drawChart(element, byDay, { width, height: heightFor(width) });
        observer = new ResizeObserver(([entry]) => {
          const next = Math.floor(entry?.contentRect.width ?? 0);
          if (next > 0) chart?.setSize({ width: next, height: heightFor(next) });
        });
        observer.observe(element);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [byDay]);
  if (failed) return null;
  return <div ref={host} className="performance-chart" aria-hidden="true" />;
}
