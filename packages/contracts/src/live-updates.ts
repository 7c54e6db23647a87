import { z } from 'zod';

/**
 * The member's live updates (GET /balance-api/updates, server-sent events; docs/features.md "Live updates"): each
 * `points` event carries the balance after the change and a notice in the member's words.
 */
export const LIVE_UPDATES_PATH = '/balance-api/updates';
export const LIVE_UPDATE_EVENT = 'points';

export const liveUpdateSchema = /* @__PURE__ */ (() =>
  z.object({
    balance: z.number().int(),
    /** The change the notice is about: positive collected, negative spent or taken back. */
    points: z.number().int(),
    notice: z.string(),
  }))();
export type LiveUpdate = z.infer<typeof liveUpdateSchema>;
