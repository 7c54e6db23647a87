import { accountPaths } from '@app/contracts/account-paths';
import { emailConfirmedSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * The emailed link's token: PUT /customer/v3/email for /confirm-update-email, PUT /verify-email for
 * /confirm-email-address (docs/product/calls-and-errors.md §S7.4); both move the address once.
 */
export const confirmEmail = (token: string, via: 'v3' | 'verify') =>
  request(via === 'v3' ? accountPaths.confirmEmail : accountPaths.verifyEmail, {
    method: 'PUT',
    body: { token },
    redirectOnUnauthorized: false,
    schema: emailConfirmedSchema,
  });
