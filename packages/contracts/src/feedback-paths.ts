/**
 * The feedback form's call (customer-contact-api).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const feedbackPaths = {
  feedback: '/customer-contact-api/feedback',
} as const;
