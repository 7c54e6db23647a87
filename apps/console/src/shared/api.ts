import type { ZodType } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import { CHANNEL_HEADER, CHANNEL_VALUE, HTTP_TIMEOUT_MS } from '@app/contracts/http';

/** A refusal from the server, with its `description` (the sentence the console shows) and code. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'ConsoleApiError';
  }
}

/** No answer came: the network, or the server, is down. */
export const NO_ANSWER = "The server didn't answer. Check your connection and try again.";

/** A body sent as it is (a list of cards as CSV, a picture) with its own content type, instead of JSON. */
export class RawBody {
  constructor(
    readonly content: Blob | string,
    readonly type: string,
  ) {}
}

/** Whether `error` is the server saying the console session is over (or never started). */
export const isSignInRequired = (error: unknown) => error instanceof ConsoleApiError && error.status === 401;

/** The sentence to show for a failed call. */
export const messageOf = (error: unknown) =>
  error instanceof ConsoleApiError ? error.description : GENERIC_ERROR_MESSAGE;

/**
 * One call of /staff-api: JSON both ways (or a `RawBody` up) with the `channel` header every state-changing
 * call needs (docs/architecture.md "Platform contracts"), its answer parsed with the contract's schema. A
 * refusal throws `ConsoleApiError` with the server's description; a 401 is handled once, by the query client
 * (main.tsx).
 */
export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  answer: ZodType<T> | undefined,
  body?: unknown,
): Promise<T> {
  const raw = body instanceof RawBody;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        [CHANNEL_HEADER]: CHANNEL_VALUE,
        ...(body === undefined ? {} : { 'content-type': raw ? body.type : 'application/json' }),
      },
      ...(body === undefined ? {} : { body: raw ? body.content : JSON.stringify(body) }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new ConsoleApiError(0, 'NETWORK', NO_ANSWER);
  }
  if (!response.ok) {
    const refusal = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
    throw refusal.success
      ? new ConsoleApiError(response.status, refusal.data.code, refusal.data.description)
      : new ConsoleApiError(response.status, 'SERVER_ERROR', GENERIC_ERROR_MESSAGE);
  }
  if (!answer) return undefined as T;
  return answer.parse(await response.json());
}
