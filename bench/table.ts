/**
 * The one table `npm run bench` ends with: every figure beside its target (docs/performance.md), pass or
 * short.
 */
export interface TableRow {
  figure: string;
  value: string;
  target: string;
  /** true: met; false: short; undefined: not judged (no target, or not measured: the value says why). */
  pass?: boolean;
}

const rows: TableRow[] = [];

export const record = (row: TableRow) => {
  rows.push(row);
};

export function printTable(write: (line: string) => void = console.log) {
  const widths = [
    Math.max(6, ...rows.map((row) => row.figure.length)),
    Math.max(5, ...rows.map((row) => row.value.length)),
    Math.max(6, ...rows.map((row) => row.target.length)),
  ] as const;
  const line = (cells: [string, string, string, string]) =>
    `| ${cells[0].padEnd(widths[0])} | ${cells[1].padEnd(widths[1])} | ${cells[2].padEnd(widths[2])} | ${cells[3].padEnd(5)} |`;
  write('');
  write(line(['figure', 'value', 'target', 'mark']));
  write(`|${'-'.repeat(widths[0] + 2)}|${'-'.repeat(widths[1] + 2)}|${'-'.repeat(widths[2] + 2)}|-------|`);
  for (const row of rows)
    write(
      line([row.figure, row.value, row.target, row.pass === undefined ? '-' : row.pass ? 'pass' : 'SHORT']),
    );
  const short = rows.filter((row) => row.pass === false).length;
  const met = rows.filter((row) => row.pass === true).length;
  write(`${met} met, ${short} short, ${rows.length - met - short} not judged`);
}
