import { vi } from 'vitest';
import { requestUrl } from './request-url.ts';

/** One answer of the stubbed server: JSON, or a file (a Blob) with its headers. */
export interface StubAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A call the page made: its method, address and JSON body. */
export interface StubCall {
  method: string;
  url: string;
  body?: unknown;
}

/**
 * The server a page test talks to (the world outside the page), as answers by `"<METHOD> <path>"`, each fixed or
 * worked out at the call; anything else answers 404 `{code, description}`. Answers the calls, recorded in order.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubServer(answers: Record<string, StubAnswer | (() => StubAnswer)>): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = requestUrl(input);
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const found = answers[`${method} ${url}`];
      const answer = typeof found === 'function' ? found() : found;
      if (!answer) return Response.json({ code: 'NOT_FOUND', description: 'no stub' }, { status: 404 });
      return answer.body instanceof Blob
        ? new Response(answer.body, { status: answer.status, headers: answer.headers })
        : Response.json(answer.body, { status: answer.status, headers: answer.headers });
    }),
  );
  return calls;
}
