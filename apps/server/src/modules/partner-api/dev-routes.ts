import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partnerApiMessages, tillSandboxSchema, tillTokenSchema } from '@app/contracts/partner-api';
import { AppError } from '../../lib/app-error.ts';
import { SANDBOX_TILL_CLIENT, listPartners, sandboxClientIdOf, tillShelves } from './service.ts';

/**
 * The sandbox till's calls (DEV_TOOLS or TILL_SANDBOX, never in production; docs/partner-api.md "The sandbox
 * till"): its partners and shelves, and a token got exactly as a partner's till gets one, from the provider's
 * token endpoint with the sandbox client's id and secret. The till then calls the partner API with it.
 */
export function registerTillSandboxRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const shelves = tillShelves();

  routes.get(
    '/dev/till/shelves',
    {
      schema: {
        tags: ['dev'],
        summary: "The sandbox till's partners, each with its shelf of products",
        response: { 200: tillSandboxSchema },
      },
    },
    async () => ({
      partners: (await listPartners(app.db))
        .filter((partner) => shelves[partner.id])
        .map((partner) => ({
          id: partner.id,
          name: partner.name,
          pointsPerPound: partner.pointsPerPound,
          clientId: sandboxClientIdOf(partner.id),
          products: shelves[partner.id] ?? [],
        })),
    }),
  );

  routes.post(
    '/dev/till/token',
    {
      schema: {
        tags: ['dev'],
        summary: 'A partner API token for the sandbox till of one partner (the client-credentials grant)',
        body: z.object({ partnerId: z.string().min(1).max(64) }),
        response: { 200: tillTokenSchema },
      },
    },
    async (request) => {
      if (!shelves[request.body.partnerId]) {
        throw new AppError(404, 'PARTNER_NOT_FOUND', partnerApiMessages.sandboxNoShelf);
      }
      const clientId = sandboxClientIdOf(request.body.partnerId);
      const answer = await app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${SANDBOX_TILL_CLIENT.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          scope: SANDBOX_TILL_CLIENT.scopes.join(' '),
        }).toString(),
      });
      if (answer.statusCode !== 200) {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', partnerApiMessages.sandboxNoClient);
      }
      const token = answer.json<{ access_token: string; expires_in: number }>();
      return { accessToken: token.access_token, expiresIn: token.expires_in, clientId };
    },
  );
}
