import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import { AppError } from './app-error.ts';

/** Starts a message zod wrote in its own words; never sent (see `RequestValidationError`). */
const ZOD_WORDING = '\u0000zod:';

/**
 * Called by zod only for an issue whose schema carries no message of ours: zod's English text, marked.
 * zod's wording ('Too small: expected string to have >=20 characters') is for developers, not members.
 */
const markZodWording = (issue: z.core.$ZodRawIssue) => {
  const words = z.config().localeError?.(issue);
  const text = typeof words === 'string' ? words : (words?.message ?? 'Invalid input');
  return { message: `${ZOD_WORDING}${text}` };
};

/**
 * A request that breaks a route's schema: 400 `VALIDATION`. Its description is the contract's own message for
 * the first broken rule ('Please enter valid email'), as the form would show it; where the schema has no
 * message of ours, the generic one (docs/product/calls-and-errors.md §S8), and zod's account of it (`detail`,
 * with the field) goes to the log instead.
 */
export class RequestValidationError extends AppError {
  constructor(
    description: string,
    /** The field and zod's words, for the log: 'offers.0.state: Invalid option: expected one of …'. */
    readonly detail?: string,
  ) {
    super(400, 'VALIDATION', description);
  }
}

/** The validator of every route schema (`app.setValidatorCompiler`): zod parses, the first issue answers. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: markZodWording });
    if (result.success) return { value: result.data };
    const first = result.error.issues[0];
    const message = first?.message ?? `${ZOD_WORDING}Invalid input`;
    if (!message.startsWith(ZOD_WORDING)) return { error: new RequestValidationError(message) };
    const field = first?.path.join('.');
    const words = message.slice(ZOD_WORDING.length);
    return { error: new RequestValidationError(GENERIC_ERROR_MESSAGE, field ? `${field}: ${words}` : words) };
  };
