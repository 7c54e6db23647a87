import { isDeepStrictEqual } from 'node:util';
import fp from 'fastify-plugin';
import { brand } from '@app/contracts/brand';

/**
 * The brand chosen at start (ADR 028): serves its images and typeface under BRAND_ASSETS_PATH. Their addresses
 * stay the same from one brand to another, so they are revalidated (ETag) rather than cached for good.
 */
export const brandPlugin = fp(
  async (app) => {
    const chosen = app.config.brand;
    // The modules read the process's brand (contracts/brand.ts), chosen by main.ts from the same setting: an app
    // built with another brand's settings would mix two schemes.
    if (!isDeepStrictEqual(brand, chosen.brand))
      throw new Error(
        `This process runs the brand "${brand.name}" and the settings name "${chosen.brand.name}": call chooseBrand(config.brand.brand) before importing the app (main.ts)`,
      );
    for (const asset of chosen.assets) {
      app.get(asset.path, { schema: { hide: true } }, (request, reply) => {
        reply.header('etag', asset.etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
        return reply.type(asset.contentType).send(asset.body);
      });
    }
  },
  { name: 'brand', dependencies: ['config'] },
);
