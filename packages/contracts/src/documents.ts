import { z } from 'zod';

/**
 * GET /c/api/spend-document/name (docs/product/calls-and-errors.md §S7.1): the spend page's header name, from
 * the `spend-document` document (the default when it names none). The paths are in documents-paths.ts, which
 * loads no zod.
 */
export const spendDocumentNameSchema = /* @__PURE__ */ (() => z.object({ name: z.string() }))();
