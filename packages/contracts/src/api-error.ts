import { z } from 'zod';

/**
 * Every API error body (docs/architecture.md "Platform contracts"): a machine code and a human description.
 * The session upgrade (code 57, error code DN57: docs/product/calls-and-errors.md §R8, §S8) also carries
 * where to log in and its token.
 */
export const apiErrorSchema = /* @__PURE__ */ (() =>
  z.object({
    code: z.string(),
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
