// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/contracts/error-codes';
import { buildTestApp, jsWeb, type TestApp } from './test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // A state-changing API route to exercise the request guards with.
  t.app.log.level = 'silent';
});
afterAll(async () => t.close());

describe('platform', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('serves the app for page paths and 404 JSON for unknown API paths', async () => {
    for (const url of ['/welcome', '/']) {
      const page = await t.app.inject(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
    const file = await t.app.inject('/index.html');
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-cache');

    const staleChunk = await t.app.inject('/assets/route-old.js');
    expect(staleChunk.statusCode).toBe(404);

    const api = await t.app.inject('/balance-api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      code: 'NOT_FOUND',
      description: 'There is nothing at GET /balance-api/nothing-here.',
    });
  });

  it('sends a strict content security policy and refuses framing', async () => {
    const res = await t.app.inject('/welcome');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('documents the API at /openapi.json and /docs', async () => {
    const doc = (await t.app.inject('/openapi.json')).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/bot-check/challenge']),
    );
    expect((await t.app.inject('/docs/')).statusCode).toBe(200);
  });

  it('lists the error codes in every refusal, and the session upgrade on the routes that need a full session', async () => {
    type Schema = {
      anyOf?: Schema[];
      properties?: Record<string, Schema & { enum?: string[] }>;
    };
    const doc = (await t.app.inject('/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>
      >;
    }>();
    const refusal = (path: string, method: string, status: string) =>
      doc.paths[path]?.[method]?.responses[status]?.content['application/json']?.schema;
    expect(refusal('/progressive/card-check', 'post', '400')?.properties?.code?.enum?.toSorted()).toEqual(
      [...ERROR_CODES].sort(),
    );
    // Redeeming points needs a full session: its 400 may be the upgrade, with where to log in and a token.
    const redeem = refusal('/offers-api/redemptions', 'post', '400');
    const upgrade = redeem?.anyOf?.find((branch) => branch.properties?.errorCode?.enum?.[0] === 'DN57');
    expect(upgrade?.properties).toEqual(
      expect.objectContaining({
        code: expect.objectContaining({ enum: ['57'] }),
        loginUrl: expect.anything(),
        token: expect.anything(),
      }),
    );
    expect(redeem?.anyOf?.some((branch) => branch.properties?.code?.enum?.includes('VALIDATION'))).toBe(true);
    // A read that any session may make does not.
    const read = doc.paths['/customer-management-api/customer/v2']?.get;
    expect(read).toBeDefined();
    expect(JSON.stringify(read)).not.toContain('DN57');
  });
});

describe('request guards', () => {
  it('refuses a state-changing API call without the channel header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/progressive/card-check', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'CHANNEL_REQUIRED',
      description: 'The channel header must be JS-WEB.',
    });
  });

  it('refuses a call from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/progressive/card-check',
      headers: { ...jsWeb, origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
  });

  it('answers bad JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/progressive/card-check',
      headers: jsWeb,
      payload: '{"cardNumber":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_JSON', description: 'The request body is not valid JSON.' });
  });

  it('takes a DELETE with a JSON content type and no body as no body; a POST still needs one', async () => {
    const plain = await t.app.inject({
      method: 'DELETE',
      url: '/session-api/session',
      headers: { channel: 'JS-WEB' },
    });
    const typed = await t.app.inject({ method: 'DELETE', url: '/session-api/session', headers: jsWeb });
    expect(typed.statusCode).toBe(plain.statusCode);
    expect(typed.json()).toEqual(plain.json());
    const post = await t.app.inject({ method: 'POST', url: '/progressive/card-check', headers: jsWeb });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toEqual({ code: 'INVALID_JSON', description: 'The request body is empty.' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/progressive/card-check',
      headers: jsWeb,
      payload: JSON.stringify({ padding: 'x'.repeat(100 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'BODY_TOO_LARGE', description: 'The request body is too large.' });
  });
});
