import { z } from 'zod';

/** The feature-state call's answers: a name that cannot be a feature's, a feature it does not know. */
export const platformStatusMessages = {
  featureNotFound: 'There is no such feature.',
  featureName: 'must be an upper-case feature name',
} as const;

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

/** One remote switch's value per environment (docs/product/switches-and-constants.md §S9). */
export const remoteSwitchValuesSchema = /* @__PURE__ */ (() =>
  z.object({
    local: z.boolean(),
    preProduction: z.boolean(),
    production: z.boolean(),
  }))();

/**
 * GET /anonymous-platform-status-api/remote-config (docs/product/calls-and-errors.md §S7.8): the remote
 * switches by name, each with its value per environment.
 */
export const remoteConfigSchema = /* @__PURE__ */ (() => z.record(z.string(), remoteSwitchValuesSchema))();
