import { accountPaths } from '@app/contracts/account-paths';
import type { DeliveryMethod } from '@app/contracts/sign-in';
import { twoFaSendResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * POST /2fa/send {deliveryMethod} (docs/product/calls-and-errors.md §S7.4): 6 digits for a change, valid 10
 * minutes.
 */
export const sendCode = (deliveryMethod: DeliveryMethod) =>
  request(accountPaths.sendCode, {
    schema: twoFaSendResponseSchema,
    method: 'POST',
    body: { deliveryMethod },
  });
