import swagger from '@fastify/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import { brand } from '@app/contracts/brand';
import { fullCardNumberSchema } from '@app/contracts/card-number';
import { OIDC_PATH } from '@app/contracts/sign-in';
import {
  PARTNER_API_PREFIX,
  holdRequestSchema,
  partnerApiMessages,
  holdResponseSchema,
  memberBalanceSchema,
  returnRequestSchema,
  returnResponseSchema,
  saleRequestSchema,
  saleResponseSchema,
  webhookDeliveriesSchema,
  type PartnerScope,
} from '@app/contracts/partner-api';
import { AppError } from '../../lib/app-error.ts';
import { RequestValidationError } from '../../lib/request-validation.ts';
import { registerTillSandboxRoutes } from './dev-routes.ts';
import {
  DELIVER_WEBHOOK_QUEUE,
  RESEND_WEBHOOKS_JOB,
  WEBHOOK_RETRY,
  createWebhookSender,
  listDeliveries,
  type WebhookType,
} from './webhooks.ts';
import { findPartnerClient, type PartnerClient } from '../../lib/partner-clients.ts';
import { hashOf } from '../../lib/token-hash.ts';
import {
  RELEASE_EXPIRED_HOLDS_JOB,
  createPartnerApiService,
  requestHashOf,
  type PartnerCall,
} from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner client whose token the call carries (the partner API's routes only). */
    partnerClient: PartnerClient;
  }
}

/** How long a checked token, and a client's row, are trusted from memory: a revoked client stops within this. */
const AUTH_CACHE_MS = 5_000;

const errors = apiErrors(400, 401, 403, 404, 409, 422, 429);
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'Unique per request; a repeat within 24 hours answers the first answer again' }),
});

const invalidToken = () => new AppError(401, 'INVALID_TOKEN', partnerApiMessages.invalidToken);

/**
 * The partner API at /partner-api/v1 (docs/partner-api.md): tills, pumps and eShops award and spend points with
 * an access token from the identity provider's client-credentials grant. It has its own OpenAPI document at
 * /partner-api/v1/openapi.json; its routes are left out of the member website's.
 */
export const partnerApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const webhooks = createWebhookSender({ db: app.db, clock: app.clock });
  const queueWebhook = (id: string) => app.jobs.send(DELIVER_WEBHOOK_QUEUE, { id });
  app.jobs.queue<{ id: string }>(DELIVER_WEBHOOK_QUEUE, WEBHOOK_RETRY, ({ id }) => webhooks.deliver(id));
  app.jobs.everyMinute(RESEND_WEBHOOKS_JOB, async () => {
    for (const id of await webhooks.lostDeliveries()) await queueWebhook(id);
  });
  const service = createPartnerApiService({ db: app.db, clock: app.clock, feed: app.changes, queueWebhook });
  app.jobs.everyMinute(RELEASE_EXPIRED_HOLDS_JOB, () => service.releaseExpiredHolds());

  // On the app's clock, so that a test moves past the cache's time instead of waiting for it.
  const onAppClock = { perf: { now: () => app.clock.now().getTime() }, ttlResolution: 0, ttl: AUTH_CACHE_MS };
  const tokens = new LRUCache<string, { clientId: string; scopes: Set<string>; expiresAt: number }>({
    max: 10_000,
    ...onAppClock,
  });
  const clients = new LRUCache<string, PartnerClient | false>({ max: 1_000, ...onAppClock });

  async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    if (!token) throw invalidToken();
    const key = hashOf(token);
    let checked = tokens.get(key);
    if (!checked) {
      const found = await app.identity.provider.ClientCredentials.find(token);
      if (!found?.clientId || found.isExpired) throw invalidToken();
      checked = {
        clientId: found.clientId,
        scopes: new Set((found.scope ?? '').split(' ').filter(Boolean)),
        expiresAt: (found.exp ?? 0) * 1000,
      };
      tokens.set(key, checked);
    }
    if (checked.expiresAt <= Date.now()) throw invalidToken();
    let client = clients.get(checked.clientId);
    if (client === undefined) {
      const row = await findPartnerClient(app.db, checked.clientId);
      client = row
        ? {
            clientId: row.clientId,
            partnerId: row.partnerId,
            name: row.name,
            scopes: row.scopes.filter((scope) => checked.scopes.has(scope)),
            requestsPerMinute: row.requestsPerMinute,
          }
        : false;
      clients.set(checked.clientId, client);
    }
    if (!client) throw invalidToken();
    request.partnerClient = client;
  }

  const needs = (scope: PartnerScope) => async (request: FastifyRequest) => {
    if (!request.partnerClient.scopes.includes(scope)) {
      throw new AppError(403, 'INSUFFICIENT_SCOPE', partnerApiMessages.scopeNeeded(scope));
    }
  };

  const callOf = (request: FastifyRequest): PartnerCall => {
    const idempotencyKey = request.headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0) {
      throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED', partnerApiMessages.idempotencyKeyRequired);
    }
    return {
      client: request.partnerClient,
      idempotencyKey,
      requestHash: requestHashOf(request.method, request.url, request.body),
    };
  };
  const send = (reply: FastifyReply, result: { status: number; body: object }) =>
    reply.code(result.status).send(result.body);

  // Before the partner API's own document starts listing routes: the sandbox till's calls are not part of it.
  if (app.config.tillSandbox) registerTillSandboxRoutes(app);

  await app.register(swagger, {
    decorator: 'partnerSwagger',
    openapi: {
      info: {
        title: `${brand.name} partner API`,
        description:
          "Sales, returns and spending at partners' tills. Get a token from the token endpoint with the client-credentials grant (HTTP Basic with your client id and secret, `scope=points:earn points:spend members:read`), then send it as `Authorization: Bearer`. Money is in whole pence, times are ISO 8601. Errors are `{code, description}` JSON.",
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          partnerToken: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: `${app.config.publicUrl}${OIDC_PATH}/token`,
                scopes: {
                  'points:earn': 'Post sales and returns',
                  'points:spend': 'Hold, capture and cancel points at a till',
                  'members:read': "Read a member's balance",
                },
              },
            },
          },
        },
      },
      security: [{ partnerToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get(`${PARTNER_API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () =>
    (app as unknown as { partnerSwagger(): unknown }).partnerSwagger(),
  );

  const tags = ['partner API'];
  const perClient = {
    rateLimit: {
      max: (request: FastifyRequest) => request.partnerClient.requestsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `partner:${request.partnerClient.clientId}`,
    },
  };
  // A partner's developer reads the field and what is wrong with it, where a member reads the generic words.
  app.setErrorHandler((error) => {
    if (error instanceof RequestValidationError && error.detail) {
      throw new AppError(400, 'VALIDATION', error.detail);
    }
    throw error;
  });

  // Authentication comes before the per-client limit, which counts by the client the token names.
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith(`${PARTNER_API_PREFIX}/`) || url.startsWith(`${PARTNER_API_PREFIX}/openapi.json`))
      return;
    await authenticate(request);
  });

  app.post(
    `${PARTNER_API_PREFIX}/sales`,
    {
      config: perClient,
      preHandler: needs('points:earn'),
      schema: {
        tags,
        summary:
          "A sale: base points on the basket and each of the member's loaded offers it meets; points on their way when spendableOn is given",
        headers: idempotencyHeaders,
        body: saleRequestSchema,
        response: { 200: saleResponseSchema, 201: saleResponseSchema, ...errors },
      },
    },
    async (request, reply) => send(reply, await service.sale(callOf(request), request.body)),
  );

  app.post(
    `${PARTNER_API_PREFIX}/sales/:saleId/returns`,
    {
      config: perClient,
      preHandler: needs('points:earn'),
      schema: {
        tags,
        summary:
          'A return, whole or by line: takes back the points the returned lines earned and any bonus it breaks',
        headers: idempotencyHeaders,
        params: z.object({ saleId: z.uuid() }),
        body: returnRequestSchema,
        response: { 200: returnResponseSchema, 201: returnResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(reply, await service.returnSale(callOf(request), request.params.saleId, request.body)),
  );

  app.post(
    `${PARTNER_API_PREFIX}/holds`,
    {
      config: perClient,
      preHandler: needs('points:spend'),
      schema: {
        tags,
        summary:
          'Hold points (or a value) for a basket, for 15 minutes at the most; capture or cancel it after',
        headers: idempotencyHeaders,
        body: holdRequestSchema,
        response: { 200: holdResponseSchema, 201: holdResponseSchema, ...errors },
      },
    },
    async (request, reply) => send(reply, await service.hold(callOf(request), request.body)),
  );

  const holdParams = z.object({ holdId: z.uuid() });
  app.post(
    `${PARTNER_API_PREFIX}/holds/:holdId/capture`,
    {
      config: perClient,
      preHandler: needs('points:spend'),
      schema: {
        tags,
        summary: 'Keep held points as spent (409 when the hold ran out or was cancelled)',
        params: holdParams,
        response: { 200: holdResponseSchema, ...errors },
      },
    },
    async (request) => service.capture(request.partnerClient, request.params.holdId),
  );

  app.post(
    `${PARTNER_API_PREFIX}/holds/:holdId/cancel`,
    {
      config: perClient,
      preHandler: needs('points:spend'),
      schema: {
        tags,
        summary: 'Give held points back (answers a cancelled or expired hold as it is)',
        params: holdParams,
        response: { 200: holdResponseSchema, ...errors },
      },
    },
    async (request) => service.cancel(request.partnerClient, request.params.holdId),
  );

  app.get(
    `${PARTNER_API_PREFIX}/webhook-deliveries`,
    {
      config: perClient,
      schema: {
        tags,
        summary: "This client's newest webhook deliveries, with their attempts and the last answer",
        response: { 200: webhookDeliveriesSchema, ...errors },
      },
    },
    async (request) => ({
      deliveries: (await listDeliveries(app.db, request.partnerClient.clientId)).map((row) => ({
        id: row.id,
        type: row.type as WebhookType,
        attempts: row.attempts,
        lastStatus: row.lastStatus,
        lastError: row.lastError,
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
    }),
  );

  app.get(
    `${PARTNER_API_PREFIX}/members/:cardNumber/balance`,
    {
      config: perClient,
      preHandler: needs('members:read'),
      schema: {
        tags,
        summary: "A member's balance, its value and whether the card can spend",
        params: z.object({ cardNumber: fullCardNumberSchema }),
        response: { 200: memberBalanceSchema, ...errors },
      },
    },
    async (request) => service.balance(request.partnerClient, request.params.cardNumber),
  );
};
