import { z } from 'zod';

/**
 * Help centre (docs/product/signed-in-pages.md §S2.6, §S3 FAQ topic and question;
 * docs/product/calls-and-errors.md §S8).
 */
export const HELP_LOADING_MESSAGE = 'Loading - Please wait...';
export const HELP_LOAD_FAILED_MESSAGE =
  "We're having trouble displaying this right now. Try again or check back later.";
/** Hash focus after 1 second (docs/product/switches-and-constants.md §S9). */
export const HASH_FOCUS_DELAY_MS = 1000;

/**
 * The tokens answers carry (docs/product/signed-in-pages.md §S2.6): the quote token becomes an apostrophe,
 * the line-feed token a break.
 */
export const QUOTE_TOKEN = '{{quote}}';
export const LINE_FEED_TOKEN = '{{lf}}';

export const faqQuestionSchema = /* @__PURE__ */ (() =>
  z.object({ question: z.string(), answer: z.string() }))();
export const faqTopicSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.number().int().optional(),
    title: z.string(),
    questions: z.array(faqQuestionSchema),
  }))();
export type FaqTopic = z.infer<typeof faqTopicSchema>;

const regHelpTopicSchema = /* @__PURE__ */ (() =>
  z.object({
    title: z.string().optional(),
    questions: z
      .array(
        z.object({
          question: z.string().optional(),
          answer: z.string().optional(),
          title: z.string().optional(),
          body: z.string().optional(),
        }),
      )
      .optional(),
  }))();
/**
 * GET /documents-api/reg-help.json as the card-number help popup reads it
 * (docs/product/calls-and-errors.md §R7): a list of topics, or an object holding them in `items`; a question
 * may carry `title` and `body` instead.
 */
export const regHelpDocumentSchema = /* @__PURE__ */ (() =>
  z.union([z.array(regHelpTopicSchema), z.object({ items: z.array(regHelpTopicSchema).optional() })]))();
/** An answer's text as HTML: tokens replaced (the HTML is sanitised where it is shown). */
export const answerHtml = (answer: string) =>
  answer.replaceAll(QUOTE_TOKEN, "'").replaceAll(LINE_FEED_TOKEN, '<br>');
/** A title or question as plain text. */
export const helpPlainText = (text: string) =>
  text.replaceAll(QUOTE_TOKEN, "'").replaceAll(LINE_FEED_TOKEN, ' ');

/** The anchor of a topic or question: `/help#collecting-points` opens that topic. */
export const helpAnchor = (text: string) =>
  helpPlainText(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
