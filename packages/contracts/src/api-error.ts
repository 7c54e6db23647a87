import { z } from 'zod';

/** Every API error body (DESIGN.md 4): a machine code and a human description. */
export const apiErrorSchema = z.object({
  code: z.string(),
  description: z.string(),
});
