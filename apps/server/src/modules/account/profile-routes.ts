import { z } from 'zod';
import {
  addressLookupResponseSchema,
  addressLookupSchema,
  collectorHashQuerySchema,
  collectorHashSchema,
  customerSchema,
  missingInformationSchema,
  missingInformationUpdateSchema,
  updateAddressSchema,
  updateNameSchema,
} from '@app/contracts/account';
import { errors, guards, P, perClient, tags, type AccountRoutes } from './route-parts.ts';

/** The member's details: name, address, missing information and the collector hash. */
export const profileRoutes: AccountRoutes = (app, service) => {
  const { signed } = guards(app);

  app.get(
    `${P}/customer/refresh`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'The signed-in collector, read fresh from the database (ignoreCache is accepted)',
        querystring: z.object({ ignoreCache: z.enum(['true', 'false']).optional() }),
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => service.getCustomer(request.collectorId),
  );

  app.put(
    `${P}/customer`,
    {
      ...signed,
      config: perClient,
      schema: {
        tags,
        summary:
          'Changes the name (title, first name, last name; docs/product/signed-in-pages.md §S5 "Name")',
        body: updateNameSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => service.updateName(request, request.collectorId, request.body),
  );

  app.post(
    `${P}/address-lookup`,
    {
      // docs/product/calls-and-errors.md §S7.4: 'anonymous or through bot-check'. A member's session will do;
      // without one, the bot-check bearer header must.
      preHandler: async (request) => {
        if (await app.sessions.read(app.sessionToken(request))) return;
        await app.botCheck.require(request);
      },
      config: perClient,
      schema: {
        tags,
        summary:
          'Addresses at a postcode, narrowed by building (the address service of registration): with a session, or anonymous with the bot-check header',
        body: addressLookupSchema,
        response: { 200: addressLookupResponseSchema, ...errors },
      },
    },
    async (request) => service.lookupAddresses(request.body.building, request.body.postcode),
  );

  app.put(
    `${P}/customer-address`,
    {
      ...signed,
      config: perClient,
      schema: {
        tags,
        summary: 'Changes the address to one the lookup gave',
        body: updateAddressSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => service.updateAddress(request, request.collectorId, request.body.address),
  );

  app.get(
    `${P}/missing-information`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'Details we do not hold yet',
        response: { 200: missingInformationSchema, ...errors },
      },
    },
    async (request) => service.missingInformation(request.collectorId),
  );
  app.post(
    `${P}/missing-information`,
    {
      ...signed,
      config: perClient,
      schema: {
        tags,
        summary: 'Adds a missing date of birth (one already held is never overwritten)',
        body: missingInformationUpdateSchema(() => app.clock.now()),
        response: { 200: missingInformationSchema, ...errors },
      },
    },
    async (request) => service.addMissingInformation(request, request.collectorId, request.body),
  );
  app.get(
    `${P}/collector-hash`,
    {
      ...signed,
      schema: {
        tags,
        summary: 'A stable pseudonymous id of the collector, per organisation',
        querystring: collectorHashQuerySchema,
        response: { 200: collectorHashSchema, ...errors },
      },
    },
    async (request) => service.collectorHash(request.collectorId, request.query.org),
  );
};
