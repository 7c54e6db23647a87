import { z } from 'zod';
import { errorCodeSchema } from './error-codes.ts';

/**
 * Every API error body (docs/architecture.md "Platform contracts"): a machine code and a human description.
 * The session upgrade (code 57, error code DN57: docs/product/calls-and-errors.md §R8, §S8) also carries
 * where to log in and its token.
 */
export const apiErrorSchema = /* @__PURE__ */ (() =>
  z.object({
    code: errorCodeSchema,
    description: z.string(),
    errorCode: z.string().optional(),
    loginUrl: z.string().optional(),
    token: z.string().optional(),
  }))();

/**
 * A route's error answers, one `{code, description}` schema per status: `response: { 200: ...,
 * ...apiErrors(400, 401) }`.
 */
export const apiErrors = <const S extends readonly number[]>(...statuses: S) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };

/**
 * The session upgrade's answer (a 400 with code 57 and error code DN57, docs/product/calls-and-errors.md §R8,
 * §S8): a session started by registration's auto-login may read, but a call that spends or moves points or
 * changes how the member signs in first needs a log-in at `loginUrl`, with `token` (which names the page to
 * come back to, signed, for 10 minutes).
 */
export const sessionUpgradeSchema = /* @__PURE__ */ (() =>
  z.object({
    code: z.literal('57'),
    description: z.string(),
    errorCode: z.literal('DN57'),
    loginUrl: z.string(),
    token: z.string(),
  }))();

/** A 400 of a route that needs a full session: the session upgrade, or any other refusal. */
export const freshSessionRefusalSchema = /* @__PURE__ */ (() =>
  z.union([sessionUpgradeSchema, apiErrorSchema]))();
