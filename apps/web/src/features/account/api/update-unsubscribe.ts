import { accountPaths } from '@app/contracts/account-paths';
import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * POST /unsubscribe/update {email, token} (docs/product/calls-and-errors.md §S7.4, anonymous): marketing
 * email off.
 */
export const updateUnsubscribe = (body: { email: string; token: string }) =>
  request(accountPaths.unsubscribeUpdate, {
    schema: descriptionResponseSchema,
    method: 'POST',
    body,
    redirectOnUnauthorized: false,
  });
