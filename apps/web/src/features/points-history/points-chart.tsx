import { useEffect, useRef, useState } from 'react';
import type { PointsHistory } from '@app/contracts/points-history';
import type { Chart, ChartKind } from './draw-charts.ts';

const heightFor = (width: number) => (width < 480 ? 200 : 260);

/**
 * One chart of the page, drawn once the chart library has loaded (its own chunk) and redrawn to the width it
 * is given. Hidden from assistive technology: its figure's caption and the table say what it shows. Where a
 * chart cannot be drawn (no canvas), the space closes and the caption and table remain.
 */
export function PointsChart({ kind, history }: { kind: ChartKind; history: PointsHistory }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let chart: Chart | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    import('./draw-charts.ts')
      .then(({ drawChart }) => {
        if (cancelled) return;
        const width = element.clientWidth;
        chart = drawChart(kind, element, history, { width, height: heightFor(width) });
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
  }, [kind, history]);
  if (failed) return null;
  return <div ref={host} className={`points-chart points-chart--${kind}`} aria-hidden="true" />;
}
