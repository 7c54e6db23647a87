import type { Config } from '../env.ts';

export interface Tracing {
  /** Sends the spans still held (tests; also done by shutdown). */
  flush(): Promise<void>;
  /** Sends what is held, then stops tracing and takes every patch back out. */
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry tracing (ADR 035), started by main.ts before the server's code is imported and
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set: every package below is imported here, so a default start loads
 * none of them. Spans go to the collector's /v1/traces over OTLP/HTTP in batches.
 *
 * - Fastify (@fastify/otel): a span per request named by its route template, with the hooks and the handler
 *   inside it; a `traceparent` header from the balancer or a caller is continued. Registered through Fastify's
 *   diagnostics channel when the app is built, so it works from the source and from `npm start`'s bundle alike.
 * - Outgoing HTTP: the partner APIs, the address service and reCAPTCHA are called with fetch (undici), traced
 *   through undici's diagnostics channels.
 * - PostgreSQL (pg): a span per statement made inside a traced request, its SQL with placeholders and never its
 *   values (pg-boss's polling, once a second per queue, would otherwise be a trace each). The server imports pg
 *   as an ES module, or bundled, where module-load hooks do not reach it, so the instrumentation's own patch is
 *   applied to the pg module the server uses.
 *
 * No span carries member data: the request span's url.path is replaced by the route template (paths can hold a
 * card number), and statements carry no parameter values.
 */
export async function startTracing(settings: NonNullable<Config['tracing']>): Promise<Tracing> {
  const [
    api,
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { BatchSpanProcessor, TracerProvider },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { PgInstrumentation },
    { UndiciInstrumentation },
    { default: FastifyOtelInstrumentation },
    pg,
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
    import('@fastify/otel'),
    import('pg'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  api.context.setGlobalContextManager(contextManager);
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);

  const fastify = new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    // The metrics scrape and the balancer's health checks would be most of the spans.
    ignorePaths: ({ url }) => url === '/metrics' || url === '/healthz' || url === '/readyz',
    // Named as HTTP server spans are ("GET /offers-api/vouchers/:id"), and the raw path kept out.
    requestHook: (span, request) => {
      const route = request.routeOptions.url ?? '(unmatched)';
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('url.path', route);
    },
  });
  const undici = new UndiciInstrumentation();
  const postgres = new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true });
  const instrumentations = [fastify, undici, postgres];
  for (const instrumentation of instrumentations) {
    instrumentation.setTracerProvider(provider);
    instrumentation.enable();
  }
  // pg's Client (statements) and pg-pool's Pool (connection waits), as a require() hook would have patched them.
  const modules: Record<string, unknown> = {
    pg: pg.default,
    'pg-pool': Object.getPrototypeOf(pg.default.Pool) as unknown,
  };
  const definitions = postgres.getModuleDefinitions();
  for (const definition of definitions) definition.patch?.(modules[definition.name]);

  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      for (const definition of definitions) definition.unpatch?.(modules[definition.name]);
      for (const instrumentation of instrumentations) instrumentation.disable();
      api.trace.disable();
      api.propagation.disable();
      api.context.disable();
    },
  };
}
