import uPlot from 'uplot';
import type { PointsHistory } from '@app/contracts/points-history';
import { POINTS_HISTORY_GROUPS, type PointsHistoryGroup } from '@app/contracts/points-history-paths';
import { shortMonth } from './points-history-figures.ts';

/*
 * The two charts of the points-over-time page, drawn with uPlot (canvas, ADR 041). This module is loaded only
 * when the page has figures to draw, so uPlot is in a chunk of its own that no other page loads. The charts
 * are pictures of the table below them: no legend, cursor or animation of their own.
 */

export type Chart = Pick<uPlot, 'setSize' | 'destroy'>;
export type ChartKind = 'balance' | 'partners';

/** A design token's value, read where the chart is drawn (tokens.css, points-history.css). */
const token = (host: HTMLElement, name: string) =>
  getComputedStyle(host).getPropertyValue(name).trim() || '#55555a';

function axes(host: HTMLElement, labels: string[], formatY: (value: number) => string): uPlot.Axis[] {
  const font = `500 12px ${getComputedStyle(host).fontFamily}`;
  const stroke = token(host, '--color-muted');
  const grid = { stroke: token(host, '--color-divider'), width: 1 };
  return [
    {
      font,
      stroke,
      grid: { show: false },
      ticks: { show: false },
      // Every month where there is room, every other one on a narrow screen.
      splits: (u) =>
        labels.map((_, i) => i).filter((i) => u.bbox.width / devicePixelRatio > 420 || i % 2 === 1),
      values: (_, splits) => splits.map((i) => labels[i] ?? ''),
    },
    {
      font,
      stroke,
      grid,
      ticks: { show: false },
      size: 52,
      values: (_, splits) => splits.map(formatY),
    },
  ];
}

const compact = (value: number) =>
  Math.abs(value) >= 1000
    ? `${(value / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })}k`
    : `${value}`;

/** With 60% opacity: a spend is the same partner's colour, lighter. */
const lighter = (colour: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? `${colour}99` : colour);

/** Stacked bars drawn as overlapping totals: each group's bar reaches the sum of the groups below it and itself. */
function stacked(history: PointsHistory, side: 'earned' | 'spent') {
  const sign = side === 'earned' ? 1 : -1;
  return POINTS_HISTORY_GROUPS.map((_, index) =>
    history.months.map(
      (month) =>
        sign *
        POINTS_HISTORY_GROUPS.slice(0, index + 1).reduce((total, group) => total + month[side][group], 0),
    ),
  );
}

export function drawChart(
  kind: ChartKind,
  host: HTMLElement,
  history: PointsHistory,
  size: { width: number; height: number },
): Chart {
  const labels = history.months.map((month) => shortMonth(month.month));
  const xs = labels.map((_, i) => i);
  const common = {
    ...size,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [-0.6, labels.length - 0.4] as uPlot.Range.MinMax } },
    axes: axes(host, labels, compact),
  };
  if (kind === 'balance') {
    const colour = token(host, '--color-brand');
    const highest = Math.max(100, ...history.months.map((month) => month.balance));
    return new uPlot(
      {
        ...common,
        scales: { ...common.scales, y: { range: [0, Math.ceil((highest * 1.15) / 100) * 100] } },
        series: [
          {},
          {
            stroke: colour,
            width: 3,
            fill: token(host, '--color-brand-tint'),
            points: { show: true, size: 8, fill: colour, stroke: colour },
          },
        ],
      },
      [xs, history.months.map((month) => month.balance)],
      host,
    );
  }
  const bars = uPlot.paths.bars?.({ size: [0.62, 44], radius: 0.15 });
  const colours: Record<PointsHistoryGroup, string> = {
    retailer: token(host, '--chart-retailer'),
    fuel: token(host, '--chart-fuel'),
    brands: token(host, '--chart-brands'),
    conversions: token(host, '--chart-conversions'),
    other: token(host, '--chart-other'),
  };
  // Largest total first, so each smaller one is drawn over it.
  const earned = stacked(history, 'earned');
  const spent = stacked(history, 'spent');
  const order = POINTS_HISTORY_GROUPS.map((group, index) => ({ group, index })).reverse();
  const series: uPlot.Series[] = [{}];
  const data: number[][] = [xs];
  for (const [side, totals] of [
    ['earned', earned],
    ['spent', spent],
  ] as const) {
    for (const { group, index } of order) {
      const colour = side === 'earned' ? colours[group] : lighter(colours[group]);
      series.push({
        paths: bars,
        fill: colour,
        stroke: colour,
        width: 0,
        fillTo: 0,
        points: { show: false },
      });
      data.push(totals[index] ?? []);
    }
  }
  const top = Math.max(100, ...earned.flatMap((row) => row));
  const bottom = Math.min(0, ...spent.flatMap((row) => row));
  return new uPlot(
    {
      ...common,
      scales: {
        ...common.scales,
        y: { range: [Math.floor((bottom * 1.1) / 100) * 100, Math.ceil((top * 1.1) / 100) * 100] },
      },
      series,
    },
    data as uPlot.AlignedData,
    host,
  );
}
