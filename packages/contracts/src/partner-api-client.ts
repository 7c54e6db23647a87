import type { z } from 'zod';
import {
  PARTNER_API_PREFIX,
  holdResponseSchema,
  memberBalanceSchema,
  returnResponseSchema,
  saleResponseSchema,
  webhookDeliveriesSchema,
  type HoldRequest,
  type ReturnRequest,
  type SaleRequest,
} from './partner-api.ts';

/**
 * A typed client of the partner API for a partner's TypeScript till or eShop (docs/partner-api.md "A typed
 * client"): the same schemas the server checks, each answer parsed before it is trusted. It takes a function that
 * answers a live access token (the partner's client-credentials grant) and, optionally, the fetch to use.
 */
export interface PartnerApiClientOptions {
  /** The scheme's address, such as https://www.example.com. */
  baseUrl: string;
  /** A live access token from the token endpoint (cache it for its `expires_in`). */
  accessToken: () => string | Promise<string>;
  fetch?: typeof fetch;
}

/** An answer that is not a success: its status and the API's `{code, description}`. */
export class PartnerApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`${status} ${code}: ${description}`);
    this.name = 'PartnerApiError';
  }
}

export function createPartnerApiClient({
  baseUrl,
  accessToken,
  fetch: send = fetch,
}: PartnerApiClientOptions) {
  async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    idempotencyKey?: string,
  ): Promise<T> {
    const answer = await send(`${baseUrl}${PARTNER_API_PREFIX}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json: unknown = await answer.json().catch(() => undefined);
    if (!answer.ok) {
      const error = (json ?? {}) as { code?: unknown; description?: unknown };
      throw new PartnerApiError(
        answer.status,
        typeof error.code === 'string' ? error.code : 'UNKNOWN',
        typeof error.description === 'string' ? error.description : answer.statusText,
      );
    }
    return schema.parse(json);
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    /** A sale; `idempotencyKey` unique per sale, the same on a retry of it. */
    sale: (request: SaleRequest, idempotencyKey: string) =>
      call(saleResponseSchema, 'POST', '/sales', request, idempotencyKey),
    returnSale: (saleId: string, request: ReturnRequest, idempotencyKey: string) =>
      call(returnResponseSchema, 'POST', `/sales/${id(saleId)}/returns`, request, idempotencyKey),
    hold: (request: HoldRequest, idempotencyKey: string) =>
      call(holdResponseSchema, 'POST', '/holds', request, idempotencyKey),
    capture: (holdId: string) => call(holdResponseSchema, 'POST', `/holds/${id(holdId)}/capture`),
    cancel: (holdId: string) => call(holdResponseSchema, 'POST', `/holds/${id(holdId)}/cancel`),
    balance: (cardNumber: string) => call(memberBalanceSchema, 'GET', `/members/${id(cardNumber)}/balance`),
    webhookDeliveries: () => call(webhookDeliveriesSchema, 'GET', '/webhook-deliveries'),
  };
}
