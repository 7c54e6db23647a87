import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { brand } from '@app/contracts/brand';
import { PARTNER_API_PREFIX } from '@app/contracts/partner-api';

/** OpenAPI generated from the route schemas: the document at /openapi.json, browsable at /docs. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${brand.name} member website API`,
          description: 'Every call the member web app makes. Errors are `{code, description}` JSON.',
          version: '1.0.0',
        },
      },
      // The partner API has its own document (/partner-api/v1/openapi.json): its routes are left out of this one.
      transform: (input) =>
        input.url.startsWith(PARTNER_API_PREFIX)
          ? { schema: { ...input.schema, hide: true }, url: input.url }
          : jsonSchemaTransform(input),
    });
    // Off in production unless API_DOCS=on: the reference maps every call for an attacker too.
    if (!app.config.apiDocs) return;
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi', dependencies: ['config'] },
);
