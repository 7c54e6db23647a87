import { accountPaths } from '@app/contracts/account-paths';
import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * POST /2fa/verify {code} (docs/product/calls-and-errors.md §S7.4): confirms it is the member, for this
 * session.
 */
export const verifyCode = (code: string) =>
  request(accountPaths.verifyCode, {
    schema: descriptionResponseSchema,
    method: 'POST',
    body: { code },
  });
