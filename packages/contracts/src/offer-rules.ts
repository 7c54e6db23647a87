import { z } from 'zod';

/**
 * What a basket must hold for an offer to pay out at the till (docs/partner-api.md "How a sale's points are
 * counted"). One rule per offer; the partner API applies it to the lines of a sale, once per sale, at most the
 * offer's times per member.
 *
 * - product: `minQuantity` (one) of the category or SKU earns `points` once.
 * - multiplier: the category's (or SKU's) lines earn their base points `multiplier` times (the extra is the bonus).
 * - threshold: spending at least `minSpendPence` (in the category, or on the whole basket) earns `points`.
 */
export const offerRuleSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('product'),
      category: z.string().optional(),
      sku: z.string().optional(),
      /** How many of it the basket must hold (one when not given). */
      minQuantity: z.number().int().min(1).optional(),
      points: z.number().int().min(1),
    }),
    z.object({
      kind: z.literal('multiplier'),
      category: z.string().optional(),
      sku: z.string().optional(),
      multiplier: z.number().int().min(2).max(10),
    }),
    z.object({
      kind: z.literal('threshold'),
      category: z.string().optional(),
      sku: z.string().optional(),
      minSpendPence: z.number().int().min(1),
      points: z.number().int().min(1),
    }),
  ]))();
export type OfferRule = z.infer<typeof offerRuleSchema>;
