import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, errorMessageOf, request } from './client.ts';

const respond = (status: number, body?: unknown) =>
  vi.fn().mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('http client', () => {
  it('sends JSON with the channel header', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ channel: 'JS-WEB', 'content-type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('shows the description of a failed response', async () => {
    vi.stubGlobal('fetch', respond(400, { code: 'X', description: 'Please log in.' }));
    await expect(request('/x')).rejects.toMatchObject({ status: 400, code: 'X', message: 'Please log in.' });
  });

  it("falls back to 'Something went wrong. Try again' when the response says nothing", async () => {
    vi.stubGlobal('fetch', respond(500));
    const error = await request('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Something went wrong. Try again');
    expect(errorMessageOf({ message: 'From message' })).toBe('From message');
  });

  it('maps a network failure to the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('/x')).rejects.toMatchObject({
      status: 0,
      message: 'Something went wrong. Try again',
    });
  });
});
