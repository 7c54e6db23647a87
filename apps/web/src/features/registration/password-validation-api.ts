import { progressivePaths } from '@app/contracts/progressive-paths';
import type { passwordValidationResponseSchema } from '@app/contracts/registration';
import { request, type AnswerOf } from '../../shared/http/client.ts';

/**
 * The registration's password check (docs/product/calls-and-errors.md §R7): VALID or INVALID with a
 * description. A 401 means an expired registration, not a missing session: no sign-in redirect. Apart from the
 * other registration calls (registration-api.ts), whose schemas would bring zod to its page.
 */
export const passwordValidation = (body: {
  authToken: string;
  firstName: string;
  lastName: string;
  password: string;
}) =>
  // Unparsed: the create-password page draws without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof passwordValidationResponseSchema>>(progressivePaths.passwordValidation, {
    method: 'POST',
    body,
    redirectOnUnauthorized: false,
  });
