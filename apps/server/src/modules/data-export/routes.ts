import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import {
  dataExportLinkSchema,
  dataExportStateSchema,
  dataExportTokenSchema,
} from '@app/contracts/data-export';
import { dataExportPaths } from '@app/contracts/data-export-paths';
import { createDataExportService, PREPARE_DATA_EXPORT } from './service.ts';

const errors = apiErrors(400, 401, 403, 404, 410, 429);
/** Guessing links costs a member a few tries a minute (the token has 256 bits; this keeps the logs quiet). */
const linkLimit = {
  rateLimit: {
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.server.sessionToken(request) ?? request.ip,
  },
};

/**
 * /data-export-api: "Download my data" (ADR 044). A member asks for a copy of what is held
 * about them (once a day); the prepare-data-export job builds it and emails a link; the link's page checks it
 * and downloads the zip once, for that member signed in, within 24 hours. purge-data-exports clears ended ones.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDataExportService({
    db: app.db,
    clock: app.clock,
    notify: app.notify,
    enqueue: (exportId) => app.jobs.send(PREPARE_DATA_EXPORT, { exportId }),
    publicUrl: app.config.publicUrl,
  });
  // Three more tries, 30 s after the first failure and doubling; a request still preparing after an hour shows
  // as failed and may be asked again (service.ts).
  app.jobs.queue<{ exportId: string }>(
    PREPARE_DATA_EXPORT,
    { limit: 3, delaySeconds: 30, maxDelaySeconds: 600 },
    ({ exportId }) => service.prepare(exportId),
  );
  app.jobs.everyMinute('purge-data-exports', async () => {
    const purged = await service.purge();
    if (purged.cleared > 0 || purged.deleted > 0) app.log.debug({ purged }, 'purged data exports');
  });

  const tags = ['data-export'];

  app.get(
    dataExportPaths.requests,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary:
          "The member's latest request for a copy of their data: NONE, PREPARING, READY, DOWNLOADED, EXPIRED or FAILED",
        response: { 200: dataExportStateSchema, ...errors },
      },
    },
    async (request) => service.state(request.collectorId),
  );

  app.post(
    dataExportPaths.requests,
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary:
          'Ask for a copy of your data, prepared in the background and emailed as a link; 429 within a day of the last request',
        response: { 202: dataExportStateSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await service.request(request.collectorId)),
  );

  app.post(
    dataExportPaths.check,
    {
      preHandler: app.requireSession,
      config: linkLimit,
      schema: {
        tags,
        summary: "Whether an emailed link is this member's, unused and current (uses nothing)",
        body: dataExportTokenSchema,
        response: { 200: dataExportLinkSchema, ...errors },
      },
    },
    async (request) => service.check(request.collectorId, request.body.token),
  );

  app.post(
    dataExportPaths.download,
    {
      preHandler: app.requireSession,
      config: linkLimit,
      schema: {
        tags,
        summary:
          'The copy as a zip (your-data.json and activity.csv), once: 403 for another member, 410 when used or past its 24 hours',
        body: dataExportTokenSchema,
        // The zip's bytes: Fastify sends a Buffer as it is, past the serializer.
        response: { 200: z.any().describe('application/zip'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, zip } = await service.download(request.collectorId, request.body.token);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );
};
