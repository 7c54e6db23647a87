import { z } from 'zod';

/** Profile of the signed-in collector (docs/product/signed-in-pages.md §S3: firstName, externalHandle). */
export const profileSchema = /* @__PURE__ */ (() =>
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    title: z.string().nullable(),
    email: z.string().nullable(),
    cardNumber: z.string().nullable(),
    externalHandle: z.string(),
  }))();
