// `npm test`: every check that must pass (ADR 027), in two lanes side by side, then the journeys:
//   lane 1: the unit, component and API tests (Vitest, two workers);
//   lane 2: typecheck, lint, format check, then the builds the journeys run against;
//   then the Playwright journeys (two workers), which need both cores: run beside the unit stage they made the
//   whole run slower on a 2-core machine (333-370 s against 308-324 s). A stage's output is printed
// whole when it ends (so two stages never interleave their lines), and the run closes with one line per stage
// and its time, then a total. Every stage runs even when an earlier one failed, so one run tells everything;
// the exit code is non-zero when any failed.
//
// `npm test -- --only unit,lint` runs only the named stages (typecheck, lint, format, unit, build, e2e).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// Each runner also writes its results as JSON here, for the slowest files listed at the end.
const reports = mkdtempSync(path.join(tmpdir(), 'lc-test-reports-'));
const unitReport = path.join(reports, 'unit.json');
const e2eReport = path.join(reports, 'e2e.json');

const stages = {
  typecheck: [npm, ['run', '--silent', 'typecheck']],
  lint: [npm, ['run', '--silent', 'lint']],
  format: [npm, ['run', '--silent', 'format:check']],
  unit: [
    npm,
    [
      'run',
      '--silent',
      'test:unit',
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${unitReport}`,
    ],
  ],
  build: [
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      "const { buildConsoleIfNeeded, buildWebIfNeeded } = await import('./scripts/web-build.mjs'); const { buildServerIfNeeded } = await import('./scripts/server-build.mjs'); buildWebIfNeeded(); buildConsoleIfNeeded(); await buildServerIfNeeded();",
    ],
  ],
  e2e: [npm, ['run', '--silent', 'test:e2e']],
};

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const wanted = new Set(values.only ? values.only.split(',') : Object.keys(stages));
for (const name of wanted) {
  if (!(name in stages)) {
    console.error(`Unknown stage ${name}: choose from ${Object.keys(stages).join(', ')}`);
    process.exit(2);
  }
}

const results = [];
const started = performance.now();
const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);

/** Runs one stage with its output kept, prints it when the stage ends, and records how it went. */
function run(name) {
  if (!wanted.has(name)) return Promise.resolve();
  const [command, args] = stages[name];
  const from = performance.now();
  console.log(`▶ ${name} started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
        E2E_JSON_REPORT: e2eReport,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const passed = code === 0;
      const time = seconds(from);
      process.stdout.write(`\n──── ${name} (${passed ? 'passed' : 'FAILED'}, ${time} s) ────\n`);
      process.stdout.write(Buffer.concat(output));
      const counts = testCounts(Buffer.concat(output).toString('utf8'));
      results.push({ name, passed, time, counts, detail: signal ? `stopped by ${signal}` : '' });
      resolve();
    });
  });
}

/**
 * The test counts a runner printed last: Vitest's `Tests  1368 passed | 4 skipped (1372)` and Playwright's
 * `91 passed (7.7m)`, `2 failed`, `1 flaky`, `3 skipped` lines.
 */
function testCounts(text) {
  const plain = stripVTControlCharacters(text);
  const vitest = plain.match(/^\s*Tests\s+(.*)$/m);
  const lines = vitest ? vitest[1].split('|') : plain.match(/^\s+\d+ (passed|failed|flaky|skipped)\b.*$/gm);
  if (!lines) return undefined;
  const counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  for (const line of lines) {
    const [, count, kind] = line.trim().match(/^(\d+) (passed|failed|flaky|skipped)/) ?? [];
    if (kind) counts[kind] += Number(count);
  }
  return counts;
}

const lane = async (...names) => {
  for (const name of names) await run(name);
};

await Promise.all([lane('unit'), lane('typecheck', 'lint', 'format', 'build')]);
await run('e2e');

/** The slowest test files of a run: [file, seconds], slowest first. */
function slowestFiles(report, count = 15) {
  if (!existsSync(report)) return [];
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const seconds = new Map();
  // Vitest: one entry a file (a file run on both databases counts twice, once for each).
  for (const file of json.testResults ?? []) {
    const name = path.relative(root, file.name);
    seconds.set(name, (seconds.get(name) ?? 0) + (file.endTime - file.startTime) / 1000);
  }
  // Playwright: a file's tests, every project's run of each summed.
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const took = (test.results ?? []).reduce((sum, result) => sum + result.duration, 0) / 1000;
        seconds.set(file, (seconds.get(file) ?? 0) + took);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of json.suites ?? []) visit(suite, path.join('e2e', suite.file ?? suite.title));
  return [...seconds].sort((a, b) => b[1] - a[1]).slice(0, count);
}

for (const [label, report] of [
  ['unit', unitReport],
  ['e2e', e2eReport],
]) {
  const slowest = slowestFiles(report);
  if (slowest.length === 0) continue;
  console.log(`\nSlowest ${label} test files (seconds of test time, the workers run side by side):`);
  for (const [file, took] of slowest) console.log(`  ${took.toFixed(1).padStart(6)}  ${file}`);
}

const failed = results.filter((result) => !result.passed);
console.log('\nStages:');
const tests = { passed: 0, failed: 0 };
for (const { name, passed, time, counts, detail } of results) {
  const of = counts
    ? ` (${Object.entries(counts)
        .filter(([, count]) => count > 0)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ')})`
    : '';
  console.log(`  ${name.padEnd(10)} ${passed ? 'passed' : 'FAILED'} in ${time} s${of} ${detail}`.trimEnd());
  tests.passed += (counts?.passed ?? 0) + (counts?.flaky ?? 0);
  tests.failed += counts?.failed ?? 0;
}
console.log(`  total      ${seconds(started)} s (wall clock; the two lanes overlap)`);
if (process.env.CI_INSTALL_SECONDS) {
  console.log(
    `  before it, .ci/run installed what the machine lacked in ${process.env.CI_INSTALL_SECONDS} s`,
  );
}
console.log(`stages: ${results.length - failed.length} passed, ${failed.length} failed`);
console.log(`tests: ${tests.passed} passed, ${tests.failed} failed`);
process.exit(failed.length > 0 ? 1 : 0);
