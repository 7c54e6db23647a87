import { accountMessages, closeAccountSchema } from '@app/contracts/account';
import { description, errors, guards, P, tags, tight, type AccountRoutes } from './route-parts.ts';

/** Closing the account. */
export const closingRoutes: AccountRoutes = (app, service) => {
  const { sensitive } = guards(app);

  app.post(
    `${P}/customer/close`,
    {
      ...sensitive,
      config: tight,
      schema: {
        tags,
        summary: 'Closes the account: password, then every session ends and personal data is anonymised',
        body: closeAccountSchema,
        response: { 200: description, ...errors },
      },
    },
    async (request, reply) => {
      await service.closeAccount(request, request.collectorId, request.body.password);
      await app.signOut(request, reply);
      return { description: accountMessages.closed };
    },
  );
};
