import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '@app/contracts/api-error';
import {
  RECEIPT_MAX_BYTES,
  claimAnswerSchema,
  claimFieldsSchema,
  claimsResponseSchema,
  missingPointsMessages,
  pendingPointsResponseSchema,
  ukDate,
} from '@app/contracts/missing-points';
import { missingPointsPaths } from '@app/contracts/missing-points-paths';
import { AppError } from '../../lib/app-error.ts';
import { RequestValidationError } from '../../lib/request-validation.ts';
import { registerMissingPointsDevRoutes } from './dev-routes.ts';
import { POST_PENDING_POINTS_JOB, pendingPointsOf, postDuePendingPoints } from './pending-points.ts';
import { createMissingPointsService, type ReceiptUpload } from './service.ts';

const errors = apiErrors(400, 401, 404, 409, 413, 415, 429);
/** Like the other writes: a few a minute per member (per address before sign-in), against floods. */
const claimLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.server.sessionToken(request) ?? request.ip,
  },
};
const FIELD_NAMES = new Set(['partner', 'purchasedOn', 'spend', 'reference']);

/**
 * Reads the claim's multipart body as it streams: the four short fields and at most one file, cut off one byte
 * past the receipt limit (busboy discards the rest), so a 6 MB upload is never held whole in memory.
 */
async function readClaimForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', missingPointsMessages.multipartRequired);
  }
  const fields: Record<string, string> = {};
  let receipt: ReceiptUpload | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      // An empty file input still sends a part: no name and no bytes is no receipt.
      if (content.length > 0 || part.filename) receipt = { content, truncated: part.file.truncated };
    } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
      if (part.fieldnameTruncated || part.valueTruncated) {
        throw new RequestValidationError('A field of the claim is too long.');
      }
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, receipt };
}

/**
 * Missing points, self-service (ADR 043): a member's claims and points on their way, under
 * /ledger-api. The claim is multipart (the receipt photo), parsed in this plugin's scope only.
 */
export const missingPointsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMissingPointsService({
    db: app.db,
    clock: app.clock,
    notify: app.notify,
    publicUrl: app.config.publicUrl,
    feed: app.changes,
  });
  app.jobs.everyMinute(POST_PENDING_POINTS_JOB, async () => {
    const posted = await postDuePendingPoints({ db: app.db, clock: app.clock, feed: app.changes });
    if (posted > 0) app.log.info({ posted }, 'posted pending points');
  });
  await app.register(multipart, {
    // One byte past the receipt limit tells "too large" from "exactly 5 MB"; busboy drops the rest unread.
    limits: {
      fileSize: RECEIPT_MAX_BYTES + 1,
      files: 1,
      fields: 8,
      fieldSize: 200,
      parts: 10,
      headerPairs: 50,
    },
    throwFileSizeLimit: false,
  });
  const tags = ['missing-points'];

  app.get(
    missingPointsPaths.claims,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: "The member's missing-points claims, newest first, with how many are open",
        response: { 200: claimsResponseSchema, ...errors },
      },
    },
    async (request) => service.list(request.collectorId),
  );

  app.post(
    missingPointsPaths.claims,
    {
      preHandler: app.requireSession,
      config: claimLimit,
      schema: {
        tags,
        summary:
          'Claim missing points (multipart: partner, purchasedOn, spend, reference, optional receipt JPEG/PNG/PDF up to 5 MB). 200 PENDING or CREDITED when the purchase is found in your records; 201 STORED otherwise',
        response: { 200: claimAnswerSchema, 201: claimAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, receipt } = await readClaimForm(request);
      const parsed = claimFieldsSchema(ukDate(app.clock.now())).safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        // The date's own rules answer with their own codes (too old, in the future).
        if (issue?.path[0] === 'purchasedOn') service.checkPurchaseDate(fields.purchasedOn ?? '');
        throw new RequestValidationError(issue?.message ?? 'Invalid claim.');
      }
      const answer = await service.claim(request.collectorId, parsed.data, receipt);
      return reply.code(answer.outcome === 'STORED' ? 201 : 200).send(answer);
    },
  );

  app.get(
    missingPointsPaths.pending,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary:
          'Points on their way: purchases whose points are not in the balance yet, with the day they are due',
        response: { 200: pendingPointsResponseSchema, ...errors },
      },
    },
    async (request) => pendingPointsOf(app.db, request.collectorId),
  );

  if (app.config.devTools) registerMissingPointsDevRoutes(app);
};
