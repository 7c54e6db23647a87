// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';
import { startTracing, type Tracing } from './tracing.ts';

interface OtlpSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }>;
  }>;
}

/** A stand-in OpenTelemetry collector: keeps what is posted to /v1/traces (OTLP/HTTP, JSON). */
const exports: OtlpExport[] = [];
let collector: Server;
let tracing: Tracing;
let t: TestApp;

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') exports.push(JSON.parse(body) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  tracing = await startTracing({ endpoint: `http://127.0.0.1:${port}`, serviceName: 'loyalty-card-test' });
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  await tracing.shutdown();
  await new Promise((resolve) => collector.close(resolve));
});

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};
const spansOf = (scope: RegExp) =>
  exports.flatMap((batch) =>
    batch.resourceSpans.flatMap((resource) =>
      resource.scopeSpans.filter((entry) => scope.test(entry.scope.name)).flatMap((entry) => entry.spans),
    ),
  );

describe('tracing with an OTLP exporter', () => {
  it('sends a span per request named by its route template, continuing the caller’s trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const logo = await t.app.inject({
      url: '/anonymous-nectar-brands-api/logos/hotels-com.svg',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(logo.statusCode).toBe(200);
    const member = await t.app.inject({
      method: 'POST',
      url: '/dev/account-member',
      headers: { ...jsWeb, traceparent: `00-${traceId.replace(/^4/, '5')}-00f067aa0ba902b7-01` },
      payload: {},
    });
    expect(member.statusCode).toBe(200);
    await tracing.flush();

    expect(exports[0]?.resourceSpans[0]?.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'loyalty-card-test' },
    });
    const requests = spansOf(/fastify/).filter((span) => attribute(span, 'http.route') !== undefined);
    const logoSpan = requests.find((span) => span.traceId === traceId);
    expect(logoSpan?.name).toBe('GET /anonymous-nectar-brands-api/logos/:file');
    expect(attribute(logoSpan!, 'url.path')).toBe('/anonymous-nectar-brands-api/logos/:file');
    expect(Number(attribute(logoSpan!, 'http.response.status_code'))).toBe(200);
    expect(JSON.stringify(exports)).not.toContain('hotels-com');

    // The member's writes: on PostgreSQL a span per statement in the same trace, with no values in it.
    const memberTrace = `5${traceId.slice(1)}`;
    expect(
      requests.some((span) => span.traceId === memberTrace && span.name === 'POST /dev/account-member'),
    ).toBe(true);
    const statements = spansOf(/pg/).filter((span) => span.traceId === memberTrace);
    if (t.config.databaseUrl) {
      expect(statements.length).toBeGreaterThan(2);
      expect(
        statements.some((span) =>
          /insert into "collectors"/i.test(
            String(attribute(span, 'db.query.text') ?? attribute(span, 'db.statement')),
          ),
        ),
      ).toBe(true);
      const body = member.json<{ email: string }>();
      expect(JSON.stringify(statements)).not.toContain(body.email);
    } else {
      // The embedded database runs in a thread of its own, without pg: no statement spans.
      expect(statements).toEqual([]);
    }
  });
});
