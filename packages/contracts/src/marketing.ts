import { z } from 'zod';

/**
 * Marketing events, homepage pods and public statistics (docs/product/signed-in-pages.md §S2.2, §S2.3;
 * docs/product/calls-and-errors.md §S7.1 'homepage pod skinny event', §S7.8 'marketing documents': paths and
 * payloads not shown, designed in ADR 015).
 */
export const eventIdSchema = /* @__PURE__ */ (() => z.string().regex(/^[a-z0-9-]{1,60}$/))();

export const marketingEventSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    title: z.string(),
    /** One sentence for a pod or a banner. */
    summary: z.string(),
    /** The event page's text (HTML, sanitised where shown). */
    description: z.string(),
    terms: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** Offers that take part (ids of the offers catalogue). */
    offerIds: z.array(z.string()),
    /** Where the event's call to action leads. */
    ctaLabel: z.string(),
    ctaPath: z.string().startsWith('/'),
  }))();
export type MarketingEvent = z.infer<typeof marketingEventSchema>;

/** Homepage pods (docs/product/switches-and-constants.md §S9: 'HOMEPAGE_POD', 'COUNTDOWN'). */
export const POD_TYPES = ['HOMEPAGE_POD', 'COUNTDOWN'] as const;
export const podSchema = /* @__PURE__ */ (() =>
  z.object({
    type: z.enum(POD_TYPES),
    id: z.string(),
    title: z.string(),
    body: z.string(),
    ctaLabel: z.string(),
    ctaPath: z.string().startsWith('/'),
    /** COUNTDOWN pods count down to this moment. */
    endsAt: z.iso.datetime().optional(),
  }))();
export type Pod = z.infer<typeof podSchema>;
export const podsResponseSchema = /* @__PURE__ */ (() => z.object({ pods: z.array(podSchema) }))();

/** /statistics/{x}: scheme-wide figures, never about one member. */
export const STATISTICS = ['points', 'members', 'offers'] as const;
export type StatisticName = (typeof STATISTICS)[number];
export const statisticSchema = /* @__PURE__ */ (() =>
  z.object({
    name: z.enum(STATISTICS),
    title: z.string(),
    figures: z.array(z.object({ label: z.string(), value: z.number() })),
    asOf: z.iso.datetime(),
  }))();
export type Statistic = z.infer<typeof statisticSchema>;

export const marketingMessages = {
  eventNotFound: "We can't find this event. It may have ended.",
  statisticNotFound: "We don't publish that statistic.",
} as const;
