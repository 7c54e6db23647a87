import { accountPaths } from '@app/contracts/account-paths';
import { TWO_FA_HEADER, customerSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * PUT /customer/mobile {phone:{phoneNumber, countryCode}} with X-2FA-CODE
 * (docs/product/calls-and-errors.md §S7.4).
 */
export const updateMobile = (phone: { phoneNumber: string; countryCode: string }, code: string) =>
  request(accountPaths.mobile, {
    schema: customerSchema,
    method: 'PUT',
    body: { phone },
    headers: { [TWO_FA_HEADER]: code },
  });
