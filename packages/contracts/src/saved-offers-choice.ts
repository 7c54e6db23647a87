import { z } from 'zod';
import { SAVED_OFFERS_DEFAULTS, SAVED_OFFERS_FILTERS, SAVED_OFFERS_SORTS } from './saved-offers.ts';

/** The saved offers screen's choice from the URL: an unknown sort or filter falls back to the default. */
export const savedOffersChoiceSchema = /* @__PURE__ */ (() =>
  z.object({
    sort: z.enum(SAVED_OFFERS_SORTS).catch(SAVED_OFFERS_DEFAULTS.sort),
    filter: z.enum(SAVED_OFFERS_FILTERS).catch(SAVED_OFFERS_DEFAULTS.filter),
  }))();
