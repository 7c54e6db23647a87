import { accountPaths } from '@app/contracts/account-paths';
import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** Closes the account after the password (issue 12; the spec does not show this call). */
export const closeAccount = (password: string) =>
  request(accountPaths.close, {
    schema: descriptionResponseSchema,
    method: 'POST',
    body: { password, confirm: true },
  });
