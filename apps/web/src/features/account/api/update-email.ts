import { accountPaths } from '@app/contracts/account-paths';
import { TWO_FA_HEADER, descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * PUT /customer/v2/email {email} with X-2FA-CODE (docs/product/calls-and-errors.md §S7.4): emails a link to
 * the new address.
 */
export const updateEmail = (email: string, code: string) =>
  request(accountPaths.email, {
    schema: descriptionResponseSchema,
    method: 'PUT',
    body: { email },
    headers: { [TWO_FA_HEADER]: code },
  });
