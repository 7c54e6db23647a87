import { z } from 'zod';
import { redemptionStatusSchema } from '@app/contracts/account';
import { errors, guards, P, perClient, tags, type AccountRoutes } from './route-parts.ts';

/** The redemption lock: whether the member's points can be spent. */
export const redemptionLockRoutes: AccountRoutes = (app, service) => {
  const { signed, sensitive } = guards(app);

  app.get(
    `${P}/v1/collectors/redemption-status`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'Whether spending points is locked',
        response: { 200: redemptionStatusSchema, ...errors },
      },
    },
    async (request) => service.getRedemptionStatus(request.collectorId),
  );
  app.put(
    `${P}/v1/collectors/redemption-status`,
    {
      ...sensitive,
      config: perClient,
      schema: {
        tags,
        summary:
          'Locks or unlocks spending; unlocking needs a verified code (POST /2fa/verify) in this session',
        headers: z.object({ requestorchannel: z.string().max(40).optional() }),
        body: redemptionStatusSchema,
        response: { 200: redemptionStatusSchema, ...errors },
      },
    },
    async (request) =>
      service.setRedemptionStatus(
        request,
        request.collectorId,
        request.body.status,
        Number(request.session?.data.reauthUntil ?? 0),
      ),
  );
};
