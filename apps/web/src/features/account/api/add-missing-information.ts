import { accountPaths } from '@app/contracts/account-paths';
import { missingInformationSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** POST /missing-information (docs/product/calls-and-errors.md §S7.4): a date of birth we do not hold yet. */
export const addMissingInformation = (body: { dateOfBirth: string }) =>
  request(accountPaths.missingInformation, {
    method: 'POST',
    body,
    schema: missingInformationSchema,
  });
