import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'lc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets/entry-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/entry-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets/entry-abc123.js.gz'), gzipSync(script));
  t = await buildTestApp({}, { webDistDir: dist });
});
afterAll(async () => t.close());

describe('built files', () => {
  it('sends the precompressed brotli copy to a browser that takes brotli, cached for a year', async () => {
    const res = await t.app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that takes neither', async () => {
    const gzip = await t.app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a missing hashed file 404, so a stale chunk is noticed', async () => {
    const res = await t.app.inject('/assets/entry-gone99.js');
    expect(res.statusCode).toBe(404);
  });
});
