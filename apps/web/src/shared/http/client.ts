import type { ErrorCode } from '@app/contracts/error-codes';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import { CHANNEL_HEADER, CHANNEL_VALUE, DEVICE_ID_HEADER, HTTP_TIMEOUT_MS } from '@app/contracts/http';
import { noteAnswer } from '../offline/connection.ts';
import { forgetPageAnswers, takePageAnswer } from './page-answers.ts';

/**
 * A failed call, carrying what the server said (or the generic message of
 * docs/product/calls-and-errors.md §S8 when it said nothing).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A contract schema for an answer (`@app/contracts/...`, zod): only its `safeParse` is called, so the client
 * itself loads no zod; the schema's module brings it to the pages that parse.
 */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** The answer a contract schema describes, for a call that takes the type without parsing (no zod loaded). */
export type AnswerOf<Schema> = Schema extends ResponseSchema<infer T> ? T : never;

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A 401 normally sends the visitor to sign-in (docs/product/signed-in-pages.md §S4); the session guard and
   * the header ask "is there a session?" and handle the answer themselves.
   */
  redirectOnUnauthorized?: boolean;
  /**
   * The answer's contract schema: a successful answer that does not match it fails as the generic error of
   * docs/product/calls-and-errors.md §S8, and the page gets the parsed value.
   */
  schema?: ResponseSchema<T>;
}

type ResponseListener = (response: Response, body: unknown, options: RequestOptions<unknown>) => void;
const listeners = new Set<ResponseListener>();
/** The app shell listens here for 401 and the DN57 session upgrade (docs/product/signed-in-pages.md §S4). */
export const onResponse = (listener: ResponseListener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let deviceId: string | undefined;
/** Sent as a header when the device id switch is on (docs/product/calls-and-errors.md §S7). */
export const setDeviceId = (value: string | undefined) => {
  deviceId = value;
};

/**
 * The rule of docs/product/calls-and-errors.md §S8: show the response's description or message, else
 * 'Something went wrong. Try again'.
 */
export const errorMessageOf = (body: unknown): string => {
  if (body && typeof body === 'object') {
    const { description, message } = body as { description?: unknown; message?: unknown };
    if (typeof description === 'string' && description) return description;
    if (typeof message === 'string' && message) return message;
  }
  return GENERIC_ERROR_MESSAGE;
};

/** A response's body: its JSON, its text where it is not JSON, or undefined when empty. */
export const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * JSON over fetch with the channel header, optional device id, and the 30 s time-out
 * (docs/product/calls-and-errors.md §S7). A GET the server already answered inside the page is answered from
 * there, once (page-answers.ts, ADR 020); a 401 forgets the answers not used yet.
 */
export async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const inPage = method === 'GET' ? takePageAnswer(path) : undefined;
  if (inPage) return answerOf(inPage.body, 200, options.schema);
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = {
    accept: 'application/json',
    [CHANNEL_HEADER]: CHANNEL_VALUE,
    ...(deviceId ? { [DEVICE_ID_HEADER]: deviceId } : {}),
    ...options.headers,
  };
  // A form with a file (a missing-points receipt) goes as multipart: the browser writes its content-type.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new HttpError(0, undefined, GENERIC_ERROR_MESSAGE, undefined);
  }
  const body = await readBody(response);
  // An answer from the service worker's kept copy says when it is from (ADR 030).
  if (method === 'GET') noteAnswer(path, response);
  if (response.status === 401) forgetPageAnswers();
  for (const listener of listeners) listener(response, body, options);
  if (!response.ok) throw refusalOf(response.status, body);
  return answerOf(body, response.status, options.schema);
}

/** A refused call's `{code, description}` answer as the error callers catch. */
export function refusalOf(status: number, body: unknown): HttpError {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return new HttpError(
    status,
    // The server's AppError takes only contract codes; the type is the contract's, at no cost to the bundle.
    typeof code === 'string' ? (code as ErrorCode) : undefined,
    errorMessageOf(body),
    body,
  );
}

/** The body as the caller's type: checked by its schema when there is one (a mismatch is the generic error). */
function answerOf<T>(body: unknown, status: number, schema: ResponseSchema<T> | undefined): T {
  if (!schema) return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError(status, undefined, GENERIC_ERROR_MESSAGE, body);
  return parsed.data;
}
