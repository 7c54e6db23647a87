import { CHANNEL_HEADER, CHANNEL_VALUE, HTTP_TIMEOUT_MS } from '@app/contracts/http';
import {
  PARTNER_API_PREFIX,
  holdResponseSchema,
  memberBalanceSchema,
  returnResponseSchema,
  saleResponseSchema,
  tillSandboxSchema,
  tillTokenSchema,
  type HoldRequest,
  type HoldResponse,
  type ReturnRequest,
  type ReturnResponse,
  type SaleRequest,
  type SaleResponse,
  type TillSandbox,
} from '@app/contracts/partner-api';
import { errorMessageOf, readBody, type ResponseSchema } from '../../shared/http/client.ts';

/**
 * The sandbox till's calls, made as a partner's till makes them: plain `fetch`, the partner API with a Bearer
 * token and an Idempotency-Key (no `channel` header, no cookie needed), and the two sandbox calls under /dev/till
 * with the web app's `channel` header. Every call is handed to the log as it was sent and answered, with the token
 * cut short.
 */

/** One call as the log shows it. */
export interface LoggedCall {
  id: number;
  at: Date;
  method: 'GET' | 'POST';
  path: string;
  /** The answer's status; absent when no answer came. */
  status?: number;
  /** How long the answer took, in milliseconds. */
  ms: number;
  /** The headers sent, the token cut short ("Bearer eyJhbG…"). */
  headers: Record<string, string>;
  body?: unknown;
  answer?: unknown;
  /** Why there is no answer (the network, the time-out). */
  failure?: string;
}

export type CallLog = (call: LoggedCall) => void;

/** A call the server refused (`{code, description}`), or one that got no answer (status 0). */
export class TillError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'TillError';
  }
}

export type TillPartner = TillSandbox['partners'][number];
export type TillProduct = TillPartner['products'][number];
export type SaleAnswer = SaleResponse;
export type ReturnAnswer = ReturnResponse;
export type HoldAnswer = HoldResponse;
export type BalanceAnswer = ReturnType<typeof memberBalanceSchema.parse>;

/** A token as the log shows it: its first characters only. */
export const shortToken = (token: string) => `${token.slice(0, 6)}…`;

/** A fresh Idempotency-Key; `randomUUID` needs a secure page, so over plain http on a LAN address it is built here. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The token's answer with the token cut short, for the log. */
const withoutToken = (answer: unknown): unknown => {
  if (!answer || typeof answer !== 'object' || !('accessToken' in answer)) return answer;
  const { accessToken } = answer;
  return { ...answer, accessToken: typeof accessToken === 'string' ? shortToken(accessToken) : accessToken };
};

let nextId = 1;

interface Call<T> {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  schema: ResponseSchema<T>;
}

async function send<T>(log: CallLog, call: Call<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const shown = { ...headers };
  if (shown.Authorization) shown.Authorization = `Bearer ${shortToken(shown.Authorization.slice(7))}`;
  const entry = { id: nextId++, at: new Date(), method: call.method, path: call.path, headers: shown };
  const logged = call.body === undefined ? entry : { ...entry, body: call.body };
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);

  let response: Response;
  try {
    response = await fetch(call.path, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    log({ ...logged, ms: took(), failure: 'No answer: the network failed or the server took over 30 s.' });
    throw new TillError(0, undefined, 'The server did not answer. Check the connection and try again.');
  }
  const answer = await readBody(response);
  log({ ...logged, ms: took(), status: response.status, answer: withoutToken(answer) });
  if (!response.ok) {
    const code = answer && typeof answer === 'object' ? (answer as { code?: unknown }).code : undefined;
    throw new TillError(response.status, typeof code === 'string' ? code : undefined, errorMessageOf(answer));
  }
  const parsed = call.schema.safeParse(answer);
  if (!parsed.success) {
    throw new TillError(
      response.status,
      undefined,
      `The answer to ${call.method} ${call.path} does not have the documented shape: see the log.`,
    );
  }
  return parsed.data;
}

const sandboxHeaders = { [CHANNEL_HEADER]: CHANNEL_VALUE };

/** The partners and their shelves; a 404 means the sandbox till is off on this server. */
export const getShelves = (log: CallLog) =>
  send(log, { method: 'GET', path: '/dev/till/shelves', headers: sandboxHeaders, schema: tillSandboxSchema });

/** A client-credentials token of the partner's sandbox client. */
export const getToken = (log: CallLog, partnerId: string) =>
  send(log, {
    method: 'POST',
    path: '/dev/till/token',
    headers: sandboxHeaders,
    body: { partnerId },
    schema: tillTokenSchema,
  });

/** What every partner API call carries: the log, the token and, for a call that changes points, its key. */
export interface PartnerCall {
  log: CallLog;
  accessToken: string;
  idempotencyKey?: string;
}

const partnerHeaders = ({ accessToken, idempotencyKey }: PartnerCall): Record<string, string> => ({
  Authorization: `Bearer ${accessToken}`,
  ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
});

export const postSale = (call: PartnerCall, body: SaleRequest) =>
  send(call.log, {
    method: 'POST',
    path: `${PARTNER_API_PREFIX}/sales`,
    headers: partnerHeaders(call),
    body,
    schema: saleResponseSchema,
  });

export const postReturn = (call: PartnerCall, saleId: string, body: ReturnRequest) =>
  send(call.log, {
    method: 'POST',
    path: `${PARTNER_API_PREFIX}/sales/${encodeURIComponent(saleId)}/returns`,
    headers: partnerHeaders(call),
    body,
    schema: returnResponseSchema,
  });

export const postHold = (call: PartnerCall, body: HoldRequest) =>
  send(call.log, {
    method: 'POST',
    path: `${PARTNER_API_PREFIX}/holds`,
    headers: partnerHeaders(call),
    body,
    schema: holdResponseSchema,
  });

/** Capture (keep as spent) or cancel (give back) a hold: no body, no key. */
export const settleHold = (call: PartnerCall, holdId: string, how: 'capture' | 'cancel') =>
  send(call.log, {
    method: 'POST',
    path: `${PARTNER_API_PREFIX}/holds/${encodeURIComponent(holdId)}/${how}`,
    headers: partnerHeaders(call),
    schema: holdResponseSchema,
  });

export const getBalance = (call: PartnerCall, cardNumber: string) =>
  send(call.log, {
    method: 'GET',
    path: `${PARTNER_API_PREFIX}/members/${encodeURIComponent(cardNumber)}/balance`,
    headers: partnerHeaders(call),
    schema: memberBalanceSchema,
  });
