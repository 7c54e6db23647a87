import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/api-error';
import {
  featureStateSchema,
  platformStatusMessages,
  remoteConfigSchema,
} from '@app/contracts/platform-status';
import { REMOTE_CONFIG_PATH } from '@app/contracts/switches';
import { AppError } from '../../lib/app-error.ts';
import { findFeatureState, readRemoteConfig } from './repository.ts';

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
        response: { 200: remoteConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readRemoteConfig(app.db) as Promise<z.infer<typeof remoteConfigSchema>>;
    },
  );

  app.get(
    '/anonymous-platform-status-api/feature/detailed-states/:feature',
    {
      schema: {
        tags: ['platform-status'],
        summary: "A feature's state, e.g. NECTAR_PRICES availability",
        params: z.object({
          feature: z.string().regex(/^[A-Z0-9_]{1,64}$/, platformStatusMessages.featureName),
        }),
        response: {
          200: featureStateSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const state = await findFeatureState(app.db, request.params.feature);
      if (!state) throw new AppError(404, 'FEATURE_NOT_FOUND', platformStatusMessages.featureNotFound);
      return { feature: state.feature, enabled: state.enabled, message: state.message };
    },
  );
};
