import { accountPaths } from '@app/contracts/account-paths';
import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** Closes the account after the password (ADR 012; the product pages do not show this call). */
export const closeAccount = (password: string) =>
  request(accountPaths.close, {
    schema: descriptionResponseSchema,
    method: 'POST',
    body: { password, confirm: true },
  });
