import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerSchema, maskAddress, maskedAddressSchema } from '@app/contracts/account';
import { apiErrorSchema } from '@app/contracts/api-error';
import { createCustomerService } from '../account/service.ts';

/** /customer-management-api: the collector's own account (docs/product/calls-and-errors.md §S7.4). */
export const customerManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const customers = createCustomerService({ db: app.db, clock: app.clock });
  app.get(
    '/customer-management-api/customer/v2',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['customer-management'],
        summary: "The signed-in collector's profile; 401 without a live session",
        response: { 200: customerSchema, 401: apiErrorSchema },
      },
    },
    // The account pages' fields too: the account module's service answers.
    async (request) => customers.getCustomer(request.collectorId),
  );

  app.get(
    '/customer-management-api/customer/address/masked',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['customer-management'],
        summary:
          "GET masked address (docs/product/calls-and-errors.md §S7.4): the signed-in collector's address as the account pages show it, each word to its first character and the postcode to its outward code; null without one",
        response: { 200: maskedAddressSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { address } = await customers.getCustomer(request.collectorId);
      return { maskedAddress: address ? maskAddress(address) : null };
    },
  );
};
