import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import { REMOTE_CONFIG_PATH } from '@app/contracts/switches';
import { AppError } from '../../lib/app-error.ts';
import { findFeatureState, readRemoteConfig } from './repository.ts';

const remoteSwitchValuesSchema = z.object({
  local: z.boolean(),
  preProduction: z.boolean(),
  production: z.boolean(),
});

/**
 * /anonymous-platform-status-api: feature states (docs/product/calls-and-errors.md §S7.5) and the remote
 * configuration of the feature switches (§S7.8; docs/product/switches-and-constants.md §S9). The operator
 * changes either by editing rows of remote_switches and feature_states; the app reads them at start-up.
 */
export const platformStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    REMOTE_CONFIG_PATH,
    {
      schema: {
        tags: ['platform-status'],
        summary: 'Remote-config feature switches: each with its value per environment',
        response: { 200: z.record(z.string(), remoteSwitchValuesSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readRemoteConfig(app.db) as Promise<Record<string, z.infer<typeof remoteSwitchValuesSchema>>>;
    },
  );

  app.get(
    '/anonymous-platform-status-api/feature/detailed-states/:feature',
    {
      schema: {
        tags: ['platform-status'],
        summary: "A feature's state, e.g. NECTAR_PRICES availability",
        params: z.object({
          feature: z.string().regex(/^[A-Z0-9_]{1,64}$/, 'must be an upper-case feature name'),
        }),
        response: {
          200: z.object({ feature: z.string(), enabled: z.boolean(), message: z.string().nullable() }),
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const state = await findFeatureState(app.db, request.params.feature);
      if (!state) throw new AppError(404, 'FEATURE_NOT_FOUND', 'There is no such feature.');
      return { feature: state.feature, enabled: state.enabled, message: state.message };
    },
  );
};
