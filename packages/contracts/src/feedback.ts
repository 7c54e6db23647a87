import { z } from 'zod';
import { wholeNumber } from './numbers.ts';

/**
 * Feedback (docs/product/signed-in-pages.md §S2.6 Feedback form, §S3 stored values, §S4 Feedback form, §S5
 * Feedback; docs/product/switches-and-constants.md §S9).
 */
export const FEEDBACK_TYPES = ['BUG', 'FEEDBACK', 'FEATURE'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/**
 * The most a member can send in one go (docs/product/signed-in-pages.md §S5,
 * docs/product/switches-and-constants.md §S9: 10000).
 */
export const FEEDBACK_MAX_LENGTH = 10_000;
/**
 * Where the draft is kept while typing (docs/product/signed-in-pages.md §S3: feedback draft text, session
 * storage).
 */
export const FEEDBACK_DRAFT_KEY = 'feedbackDraft';

/**
 * What a piece of feedback is about: one value per feedback sub-page (docs/product/signed-in-pages.md §S2.3),
 * plus the old single form.
 */
export const FEEDBACK_TOPICS = [
  'problem',
  'retailer',
  'partner',
  'suggestion',
  'positive',
  'other',
  'missing-points',
  'general',
] as const;

export const FEEDBACK_DEVICES = ['phone', 'tablet', 'computer'] as const;
export type FeedbackDevice = (typeof FEEDBACK_DEVICES)[number];

export const feedbackMessages = {
  empty: 'Tell us your feedback before you send it',
  tooLong: `Your feedback must not be over ${wholeNumber(FEEDBACK_MAX_LENGTH)} characters`,
  thanksBody: "We're always working to improve the website, and your feedback is really valuable.",
  sendLimit: "You've sent us a lot of feedback today. Thank you: please try again tomorrow.",
  /** Feedback from a session whose member is no longer there. */
  logIn: 'Please log in.',
} as const;
export const feedbackThanks = (name: string) => `Thanks for the feedback, ${name}`;

/**
 * POST /customer-contact-api/feedback (docs/product/calls-and-errors.md §S7.8: path and payload not shown;
 * ADR 015).
 */
export const feedbackRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    type: z.enum(FEEDBACK_TYPES),
    topic: z.enum(FEEDBACK_TOPICS),
    text: z.string().trim().min(1, feedbackMessages.empty).max(FEEDBACK_MAX_LENGTH, feedbackMessages.tooLong),
    device: z.enum(FEEDBACK_DEVICES).optional(),
    /** A partner's brand key, for feedback about a partner. */
    partner: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/)
      .optional(),
    /** What the member picked before the form (a problem area, for example). */
    subject: z.string().trim().min(1).max(100).optional(),
    /** The app page the member came from, for context. */
    page: z.string().startsWith('/').max(300).optional(),
  }))();
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    /** The member's first name, for 'Thanks for the feedback, {name}'. */
    firstName: z.string(),
    createdAt: z.iso.datetime(),
  }))();

/** How many pieces of feedback one member may send in a day (ADR 015). */
export const FEEDBACK_DAILY_LIMIT = 20;
