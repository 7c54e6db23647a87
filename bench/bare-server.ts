// The baseline: a bare Fastify server with one route, started by bench/run.ts in the same run.
import Fastify from 'fastify';

const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
