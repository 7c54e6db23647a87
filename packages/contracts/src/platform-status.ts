import { z } from 'zod';

/**
 * GET /anonymous-platform-status-api/feature/detailed-states/{feature}
 * (docs/product/calls-and-errors.md §S7.5).
 */
export const featureStateSchema = /* @__PURE__ */ (() =>
  z.object({
    feature: z.string(),
    enabled: z.boolean(),
    message: z.string().nullable(),
  }))();
