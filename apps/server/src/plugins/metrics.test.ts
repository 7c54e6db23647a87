// @databases both: the database and job metrics come from the pool and pg-boss, or from the thread and the in-process runner.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../env.ts';
import { SESSION_COOKIE } from './session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';
import { freePort } from '../test/server-process.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => t.close());

const scrape = async () => {
  const response = await t.app.inject({ url: '/metrics', headers: bearer });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of the one sample `name{labels}` in a scrape (labels as Prometheus prints them); 0 when absent. */
const sample = (text: string, name: string, labels: string) => {
  const line = text.split('\n').find((row) => row.startsWith(`${name}{${labels}} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};

/** A fresh member with `points` from a till, signed in: its session cookie. */
async function memberWithPoints(points: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/dev/account-member',
    headers: jsWeb,
    payload: { points },
  });
  expect(response.statusCode).toBe(200);
  return { [SESSION_COOKIE]: response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '' };
}

describe('GET /metrics', () => {
  it('is an unknown path when metrics are off, the default', async () => {
    const off = await buildTestApp();
    try {
      const response = await off.app.inject({ url: '/metrics', headers: bearer });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('http_requests_total');
    } finally {
      await off.close();
    }
  });

  it('asks for the bearer token, and refuses a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789abc' },
      { authorization: TOKEN },
    ]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('# HELP');
    }
  });

  it('answers the Prometheus text format with the token, process and event-loop metrics included', async () => {
    const response = await t.app.inject({ url: '/metrics', headers: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('# TYPE process_cpu_seconds_total counter');
    expect(response.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(response.body).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('counts requests under the route template, never the path, and unknown paths under one label', async () => {
    const logos = '/anonymous-nectar-brands-api/logos';
    const before = await scrape();
    const labels = `route="${logos}/:file",method="GET",status_class="2xx"`;
    for (const file of ['hotels-com.svg', 'hotels-com.svg', 'british-airways-avios.svg']) {
      expect((await t.app.inject(`${logos}/${file}`)).statusCode).toBe(200);
    }
    for (const path of [`/api-nobody-knows/${randomUUID()}`, `/api-nobody-knows/${randomUUID()}`]) {
      expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(404);
    }
    const after = await scrape();
    expect(sample(after, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels)).toBe(
      3,
    );
    expect(
      sample(after, 'http_request_duration_seconds_count', labels) -
        sample(before, 'http_request_duration_seconds_count', labels),
    ).toBe(3);
    expect(after).toMatch(
      new RegExp(`^http_request_duration_seconds_bucket\\{le="\\+Inf",${labels}\\} \\d+`, 'm'),
    );
    const unmatched = 'route="(unmatched)",method="POST",status_class="4xx"';
    expect(
      sample(after, 'http_requests_total', unmatched) - sample(before, 'http_requests_total', unmatched),
    ).toBe(2);
    expect(after).not.toContain('hotels-com');
    expect(after).not.toContain('api-nobody-knows');
  });

  it('counts a 5xx answer as a server error of its route', async () => {
    const member = await memberWithPoints(100);
    const labels = 'route="/offers-api/vouchers",method="GET"';
    const before = await scrape();
    // The vouchers table gone for a moment: the read fails and the error handler answers 500.
    await t.app.db.execute(sql`ALTER TABLE vouchers RENAME TO vouchers_away`);
    try {
      const broken = await t.app.inject({ url: '/offers-api/vouchers', cookies: member });
      expect(broken.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`ALTER TABLE vouchers_away RENAME TO vouchers`);
    }
    expect((await t.app.inject({ url: '/offers-api/vouchers', cookies: member })).statusCode).toBe(200);
    const after = await scrape();
    expect(
      sample(after, 'http_server_errors_total', labels) - sample(before, 'http_server_errors_total', labels),
    ).toBe(1);
    const fiveXx = `${labels},status_class="5xx"`;
    expect(sample(after, 'http_requests_total', fiveXx) - sample(before, 'http_requests_total', fiveXx)).toBe(
      1,
    );
  });

  it('counts ledger writes by kind, with no member data in any label', async () => {
    const before = await scrape();
    const member = await memberWithPoints(2_000);
    const redemption = await t.app.inject({
      method: 'POST',
      url: '/offers-api/redemptions',
      headers: jsWeb,
      cookies: member,
      payload: { rewardId: 'retailer-5', idempotencyKey: randomUUID() },
    });
    expect(redemption.statusCode).toBe(201);
    const after = await scrape();
    const delta = (kind: string) =>
      sample(after, 'points_ledger_writes_total', `kind="${kind}"`) -
      sample(before, 'points_ledger_writes_total', `kind="${kind}"`);
    expect(delta('credit')).toBe(1);
    expect(delta('debit')).toBe(1);
    const labelValues = [...after.matchAll(/="([^"]*)"/g)].map((match) => match[1]);
    expect(labelValues.filter((value) => /\d{8,}|@/.test(value ?? ''))).toEqual([]);
  });

  it('shows the database and the background jobs, and counts a job run that fails', async () => {
    const before = await scrape();
    expect(before).toMatch(
      new RegExp(`^db_info\\{kind="${t.config.databaseUrl ? 'postgres' : 'pglite'}"\\} 1$`, 'm'),
    );
    if (t.config.databaseUrl) {
      expect(before).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
      expect(before).toMatch(/^db_pool_waiting_requests \d+$/m);
      expect(before).toMatch(/^db_pool_max_connections 10$/m);
    }
    for (const job of ['purge-expired-rows', 'settle-stale-conversions']) {
      expect(before).toMatch(new RegExp(`^jobs_waiting\\{job="${job}"\\} \\d+$`, 'm'));
      expect(before).toMatch(new RegExp(`^jobs_active\\{job="${job}"\\} \\d+$`, 'm'));
    }
    const failures = 'job="purge-expired-rows"';
    const failedBefore = sample(before, 'job_failures_total', failures);
    // A table the purge sweeps is gone for a moment: the run fails, and is counted.
    await t.app.db.execute(sql`ALTER TABLE spent_bot_check_tokens RENAME TO spent_bot_check_tokens_away`);
    try {
      await t.app.jobs.trigger('purge-expired-rows');
      await expect
        .poll(async () => sample(await scrape(), 'job_failures_total', failures), { timeout: 15_000 })
        .toBeGreaterThan(failedBefore);
    } finally {
      await t.app.db.execute(sql`ALTER TABLE spent_bot_check_tokens_away RENAME TO spent_bot_check_tokens`);
    }
  });
});

describe('a private listener for /metrics (METRICS_PORT)', () => {
  it('serves /metrics only on the address it is told, and not on the public port', async () => {
    const port = await freePort();
    const listening = await buildTestApp({ METRICS_HOST: '127.0.0.1', METRICS_PORT: String(port) });
    try {
      const there = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(there.status).toBe(200);
      expect(await there.text()).toContain('# TYPE http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
      // Another loopback address of this machine: nothing listens there.
      await expect(fetch(`http://127.0.0.2:${port}/metrics`)).rejects.toThrow();
      expect((await listening.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await listening.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('metrics settings', () => {
  it('are off unless asked for, and on with a token or a private port', () => {
    expect(readConfig({}).metrics).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: TOKEN, METRICS: 'off' }).metrics).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({ token: TOKEN });
    expect(readConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      listen: { host: '127.0.0.1', port: 9464 },
    });
    expect(readConfig({ METRICS: 'on', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      listen: { host: '10.0.0.5', port: 9464 },
    });
  });

  it.each([
    [{ METRICS: 'on' }, 'METRICS'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'has a space in it, sixteen+' }, 'METRICS_TOKEN'],
    [{ METRICS_HOST: '127.0.0.1' }, 'METRICS_HOST'],
    [{ METRICS_PORT: 'ninety' }, 'METRICS_PORT'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
  ])('refuses %j and names %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });

  it('traces only with an exporter', () => {
    expect(readConfig({}).tracing).toBeUndefined();
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'loyalty-card',
    });
  });
});
