import { z } from 'zod';
import {
  cpmPreferencesSchema,
  nectarPreferencesSchema,
  unsubscribeRequestResponseSchema,
  unsubscribeRequestSchema,
  unsubscribeUpdateSchema,
} from '@app/contracts/account';
import { description, errors, guards, P, perClient, tags, type AccountRoutes } from './route-parts.ts';

/** Contact preferences, the advertising choice, and a marketing email's one-click unsubscribe. */
export const preferencesRoutes: AccountRoutes = (app, service) => {
  const { signed } = guards(app);

  app.get(
    `${P}/contact-preferences/nectar`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'Marketing contact preferences',
        response: { 200: nectarPreferencesSchema, ...errors },
      },
    },
    async (request) => service.getNectarPreferences(request.collectorId),
  );
  app.put(
    `${P}/contact-preferences/nectar`,
    {
      ...signed,
      config: perClient,
      schema: {
        tags,
        summary: 'Saves the marketing contact preferences (a consent record is kept)',
        body: nectarPreferencesSchema,
        response: { 200: nectarPreferencesSchema, ...errors },
      },
    },
    async (request) => service.saveNectarPreferences(request, request.collectorId, request.body),
  );

  app.get(
    `${P}/contact-preferences/cpm`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'The online-advertising preference (channel=ONLINEAD)',
        querystring: z.object({ channel: z.enum(['ONLINEAD']).optional() }),
        response: { 200: cpmPreferencesSchema, ...errors },
      },
    },
    async (request) => service.getCpmPreferences(request.collectorId),
  );
  const saveCpm = {
    ...signed,
    config: perClient,
    schema: {
      tags,
      summary: 'Saves the online-advertising preference (a consent record is kept)',
      body: cpmPreferencesSchema,
      response: { 200: cpmPreferencesSchema, ...errors },
    },
  };
  app.post(`${P}/contact-preferences/cpm`, saveCpm, async (request) =>
    service.saveCpmPreferences(request, request.collectorId, request.body),
  );
  app.put(`${P}/contact-preferences/cpm`, saveCpm, async (request) =>
    service.saveCpmPreferences(request, request.collectorId, request.body),
  );

  app.post(
    `${P}/unsubscribe/request`,
    {
      config: perClient,
      schema: {
        tags,
        summary:
          "A marketing email's unsubscribe link, checked when its page opens: which address it is for (masked) and whether marketing email is still on. Reads only",
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribeRequestResponseSchema, ...errors },
      },
    },
    async (request) => service.unsubscribeRequest(request.body.token),
  );
  app.post(
    `${P}/unsubscribe/update`,
    {
      config: perClient,
      schema: {
        tags,
        summary: 'Turns marketing by email off for the address of the link',
        body: unsubscribeUpdateSchema,
        response: { 200: description, ...errors },
      },
    },
    async (request) => service.unsubscribeUpdate(request, request.body.email, request.body.token),
  );
};
