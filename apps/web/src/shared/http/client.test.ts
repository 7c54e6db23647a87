import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PAGE_ANSWERS_ELEMENT_ID, PAGE_ANSWERS_MAX_AGE_MS } from '@app/contracts/page-answers';
import { HttpError, errorMessageOf, request } from './client.ts';
import { forgetPageAnswers } from './page-answers.ts';

const respond = (status: number, body?: unknown) =>
  vi.fn<typeof fetch>(() =>
    Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status })),
  );

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

  it("parses an answer with its contract schema; one that does not match is 'Something went wrong. Try again'", async () => {
    const schema = z.object({ balance: z.number() });
    vi.stubGlobal('fetch', respond(200, { balance: 5, extra: true }));
    await expect(request('/x', { schema })).resolves.toEqual({ balance: 5 });
    vi.stubGlobal('fetch', respond(200, { balance: 'five' }));
    await expect(request('/x', { schema })).rejects.toMatchObject({
      status: 200,
      message: 'Something went wrong. Try again',
    });
  });

  it('maps a network failure to the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('/x')).rejects.toMatchObject({
      status: 0,
      message: 'Something went wrong. Try again',
    });
  });
});

describe('answers in the page (ADR 020)', () => {
  const putAnswers = (answers: Record<string, unknown>) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_ANSWERS_ELEMENT_ID;
    block.textContent = JSON.stringify(answers);
    document.body.append(block);
  };
  beforeEach(() => {
    forgetPageAnswers();
    // A page that has just loaded: the answers it came with are young (the worker may be older than they may be).
    vi.spyOn(performance, 'now').mockReturnValue(100);
  });
  afterEach(() => vi.restoreAllMocks());

  it('answers a GET the page came with once, without the network, whatever its timestamp', async () => {
    putAnswers({ '/offers-api/offers?type=ALL': { offers: [] }, '/balance-api/balance': { balance: 5 } });
    const fetchMock = respond(200, { balance: 7 });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('/offers-api/offers?type=ALL&timestamp=1')).resolves.toEqual({ offers: [] });
    await expect(request('/balance-api/balance')).resolves.toEqual({ balance: 5 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(PAGE_ANSWERS_ELEMENT_ID)).toBeNull();
    await expect(request('/balance-api/balance')).resolves.toEqual({ balance: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the network once the page is older than the answers may be', async () => {
    putAnswers({ '/balance-api/balance': { balance: 5 } });
    vi.spyOn(performance, 'now').mockReturnValue(PAGE_ANSWERS_MAX_AGE_MS + 1);
    vi.stubGlobal('fetch', respond(200, { balance: 7 }));
    await expect(request('/balance-api/balance')).resolves.toEqual({ balance: 7 });
  });

  it('forgets the answers not used yet after a 401', async () => {
    putAnswers({ '/balance-api/balance': { balance: 5 } });
    vi.stubGlobal('fetch', respond(401, { code: 'UNAUTHENTICATED' }));
    await expect(request('/x')).rejects.toMatchObject({ status: 401 });
    vi.stubGlobal('fetch', respond(200, { balance: 7 }));
    await expect(request('/balance-api/balance')).resolves.toEqual({ balance: 7 });
  });

  it('sends every other method to the network', async () => {
    putAnswers({ '/offers-api/offers/seen': { ok: 'from the page' } });
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('/offers-api/offers/seen', { method: 'POST', body: {} })).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
