import { z } from 'zod';

/** Every API error body (DESIGN.md 4): a machine code and a human description. */
export const apiErrorSchema = z.object({
  code: z.string(),
  description: z.string(),
});

/** A route's error answers, one `{code, description}` schema per status: `response: { 200: ..., ...apiErrors(400, 401) }`. */
export const apiErrors = <const S extends readonly number[]>(...statuses: S) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
