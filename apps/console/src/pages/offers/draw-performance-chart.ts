import uPlot from 'uplot';
import type { OfferPerformance } from '@app/contracts/staff-offers';

/*
 * The chart of an offer's (or a campaign's) points by day, drawn with uPlot on a canvas. This module is
 * loaded only when a page has days to draw, so uPlot is in a chunk of its own. The chart is a picture of the
 * table beside it: no legend, cursor or animation of its own.
 */

export type Chart = Pick<uPlot, 'setSize' | 'destroy'>;

/** A design token's value, read where the chart is drawn (tokens.css). */
const token = (host: HTMLElement, name: string) =>
  getComputedStyle(host).getPropertyValue(name).trim() || '#55555a';

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const compact = (value: number) =>
  Math.abs(value) >= 1000
    ? `${(value / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })}k`
    : `${value}`;

export function drawChart(
  host: HTMLElement,
  byDay: OfferPerformance['byDay'],
  size: { width: number; height: number },
): Chart {
  const labels = byDay.map((day) => dayLabel.format(new Date(`${day.day.slice(0, 10)}T00:00:00Z`)));
  const xs = labels.map((_, index) => index);
  const font = `500 12px ${getComputedStyle(host).fontFamily}`;
  const muted = token(host, '--color-muted');
  const colour = token(host, '--color-brand');
  const highest = Math.max(10, ...byDay.map((day) => day.points));
  const bars = uPlot.paths.bars?.({ size: [0.7, 40], radius: 0.15 });
  return new uPlot(
    {
      ...size,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.6, labels.length - 0.4] as uPlot.Range.MinMax },
        y: { range: [0, Math.ceil(highest * 1.15)] },
      },
      axes: [
        {
          font,
          stroke: muted,
          grid: { show: false },
          ticks: { show: false },
          // As many days as there is room for, evenly spaced.
          splits: (u) => {
            const room = Math.max(1, Math.floor(u.bbox.width / devicePixelRatio / 56));
            const every = Math.max(1, Math.ceil(labels.length / room));
            return xs.filter((index) => index % every === 0);
          },
          values: (_, splits) => splits.map((index) => labels[index] ?? ''),
        },
        {
          font,
          stroke: muted,
          grid: { stroke: token(host, '--color-divider'), width: 1 },
          ticks: { show: false },
          size: 52,
          values: (_, splits) => splits.map(compact),
        },
      ],
      series: [{}, { paths: bars, fill: colour, stroke: colour, width: 0, points: { show: false } }],
    },
    [xs, byDay.map((day) => day.points)],
    host,
  );
}
