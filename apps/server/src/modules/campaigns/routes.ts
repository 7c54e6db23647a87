import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '@app/contracts/api-error';
import type { StaffAction } from '@app/contracts/staff';
import {
  audienceCountRequestSchema,
  audienceCountSchema,
  audienceListReportSchema,
  MAX_AUDIENCE_LIST_BYTES,
  MAX_OFFER_UPLOAD_BYTES,
  OFFER_STEPS,
  offerDraftSchema,
  offerPartnerSchema,
  offerPictureSchema,
  offerPreviewRequestSchema,
  offerPreviewSchema,
  offerStepSchema,
  offerUploadSchema,
  staffOfferDetailsSchema,
  staffOfferListQuerySchema,
  staffOfferListSchema,
} from '@app/contracts/staff-offers';
import { createCampaignService, type AssignmentJob, type Audit, type Staff } from './service.ts';

/**
 * What the staff module gives the console's other modules (app.ts hands it over, the staff module's routes
 * make it): the role check of an action before a handler (a refusal audited), the member of staff it let
 * through, and the audit trail's writer.
 */
export interface ConsoleGate {
  may: (action: StaffAction) => (request: FastifyRequest) => Promise<void>;
  staffOf: (request: FastifyRequest) => Staff;
  audit: Audit;
}

const tags = ['staff'];
const errors = apiErrors(400, 401, 403, 404, 409, 413, 415, 422);
const idParams = z.object({ id: z.string().min(1).max(64) });
const details = { 200: staffOfferDetailsSchema, ...errors };

/** The queue that gives a large audience its offer after the approval's request (ADR 033). */
export const ASSIGN_OFFER_JOB = 'assign-offer';
/** The minute's refresh of the member summaries, and the night's refresh of every one. */
export const REFRESH_SUMMARIES_JOB = 'refresh-member-summaries';
export const REFRESH_EVERY_SUMMARY_JOB = 'refresh-every-member-summary';

/** Whom each step needs: a second person's decision is approveOffers, the rest editOffers. */
const STEP_ACTIONS = {
  submit: 'editOffers',
  approve: 'approveOffers',
  reject: 'approveOffers',
  pause: 'editOffers',
  resume: 'editOffers',
  end: 'editOffers',
  'new-version': 'editOffers',
} as const satisfies Record<(typeof OFFER_STEPS)[number], StaffAction>;

const STEP_SUMMARIES: Record<(typeof OFFER_STEPS)[number], string> = {
  submit: 'Sends a draft for approval (a list audience needs its list uploaded)',
  approve:
    'Approves an offer sent for approval (not by who wrote or sent it) and gives it to its audience at once',
  reject: 'Sends an offer waiting for approval back to draft (not by who wrote or sent it)',
  pause: 'Pauses an approved offer: members no longer see it and it pays nothing until resumed',
  resume: 'Resumes a paused offer',
  end: 'Ends an approved or paused offer before its end date',
  'new-version':
    'A draft copy of an approved, paused or ended offer, one version on; once approved it replaces this one',
};

/**
 * The console's offers and campaigns (docs/staff-console.md "Offers and campaigns"), under /staff-api: drafts
 * and their lifecycle, audiences, pictures and previews, for the staff whose role may (a marketer, an admin);
 * the role check runs before each handler, as every console call's. HTTP only: the rules are service.ts. The
 * member summaries are refreshed every minute (segment offers then reach the members who came in) and in full
 * each night.
 */
export const campaignRoutes: FastifyPluginAsyncZod<{ gate: ConsoleGate }> = async (app, { gate }) => {
  const { may, staffOf } = gate;
  const service = createCampaignService({
    db: app.db,
    clock: app.clock,
    audit: gate.audit,
    feed: app.changes,
    queueAssignment: (job) => app.jobs.send(ASSIGN_OFFER_JOB, job),
  });
  app.jobs.queue<AssignmentJob>(
    ASSIGN_OFFER_JOB,
    { limit: 5, delaySeconds: 10, maxDelaySeconds: 300 },
    (job) => service.assignRest(job),
  );
  app.jobs.everyMinute(REFRESH_SUMMARIES_JOB, () => service.refreshAndAssign());
  app.jobs.everyDay(REFRESH_EVERY_SUMMARY_JOB, () => service.refreshEverySummary());

  // An uploaded list of cards (text/csv) and an uploaded picture (its bytes, whatever type it says it is)
  // come as they are, in this plugin's routes only: the picture is checked by its content.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get(
    '/staff-api/offers',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: 'Every offer, newest first, by lifecycle and by campaign',
        querystring: staffOfferListQuerySchema,
        response: { 200: staffOfferListSchema, ...errors },
      },
    },
    async (request) => ({ offers: await service.list(request.query) }),
  );

  app.post(
    '/staff-api/offers',
    {
      preHandler: may('editOffers'),
      schema: {
        tags,
        summary: 'A new offer, as a draft',
        body: offerDraftSchema,
        response: { 201: staffOfferDetailsSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(staffOf(request), request.body)),
  );

  app.post(
    '/staff-api/offers/audience-count',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: "How many members an audience reaches now (a list: the named offer's)",
        body: audienceCountRequestSchema,
        response: { 200: audienceCountSchema, ...errors },
      },
    },
    async (request) => service.countAudience(request.body.audience, request.body.offerId),
  );

  app.get(
    '/staff-api/offers/:id',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: 'An offer: its summary, its draft as written, and the members on its list',
        params: idParams,
        response: details,
      },
    },
    async (request) => service.details(request.params.id),
  );

  app.put(
    '/staff-api/offers/:id',
    {
      preHandler: may('editOffers'),
      schema: {
        tags,
        summary: 'Writes a draft again (a draft only: a new version changes an offer past it)',
        params: idParams,
        body: offerDraftSchema,
        response: details,
      },
    },
    async (request) => service.update(staffOf(request), request.params.id, request.body),
  );

  for (const step of OFFER_STEPS) {
    app.post(
      `/staff-api/offers/:id/${step}`,
      {
        preHandler: may(STEP_ACTIONS[step]),
        schema: {
          tags,
          summary: STEP_SUMMARIES[step],
          params: idParams,
          body: offerStepSchema.optional(),
          response: details,
        },
      },
      async (request) => service.step(staffOf(request), request.params.id, step, request.body?.reason),
    );
  }

  app.put(
    '/staff-api/offers/:id/audience-list',
    {
      preHandler: may('editOffers'),
      bodyLimit: MAX_AUDIENCE_LIST_BYTES,
      schema: {
        tags,
        summary: "A draft's list of cards as CSV (a card number a row, a header allowed), each row checked",
        params: idParams,
        response: { 200: audienceListReportSchema, ...errors },
      },
    },
    async (request) =>
      service.uploadList(staffOf(request), request.params.id, bodyOf(request).toString('utf8')),
  );

  app.get(
    '/staff-api/offer-pictures',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: 'The picture library an offer chooses from',
        response: { 200: z.array(offerPictureSchema), ...errors },
      },
    },
    async () => service.pictures(),
  );

  app.get(
    '/staff-api/offer-partners',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary: 'The partners a partner offer may name',
        response: { 200: z.array(offerPartnerSchema), ...errors },
      },
    },
    async () => service.partners(),
  );

  app.post(
    '/staff-api/offer-uploads',
    {
      preHandler: may('editOffers'),
      // Room past the limit, so a picture a little too large is told the limit rather than cut off.
      bodyLimit: 2 * MAX_OFFER_UPLOAD_BYTES,
      schema: {
        tags,
        summary:
          'A picture for an offer (its bytes): a PNG, JPEG or WebP of 512 KB or less, checked by content',
        response: { 201: offerUploadSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.uploadPicture(staffOf(request), bodyOf(request))),
  );

  app.post(
    '/staff-api/offers/:id/preview',
    {
      preHandler: may('viewOffers'),
      schema: {
        tags,
        summary:
          "The offer's preview pages as members see it (24 hours), and whether a member is in its audience",
        params: idParams,
        body: offerPreviewRequestSchema.optional(),
        response: { 200: offerPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const preview = await service.preview(staffOf(request), request.params.id, request.body?.memberId);
      if (!app.config.console.ownOrigin) return preview;
      // On its own origin the console frames the member site's pages: their addresses in full.
      const site = new URL(app.config.publicUrl).origin;
      const paths = Object.fromEntries(Object.entries(preview.paths).map(([page, to]) => [page, site + to]));
      return { ...preview, paths: paths as typeof preview.paths };
    },
  );
};

/** The body of a call that sends a file: its bytes (none: empty). */
const bodyOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
