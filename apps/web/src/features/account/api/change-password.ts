import { accountPaths } from '@app/contracts/account-paths';
import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** PUT /credentials/password {currentPassword, newPassword} (docs/product/calls-and-errors.md §S7.4). */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  request(accountPaths.password, {
    schema: descriptionResponseSchema,
    method: 'PUT',
    body,
  });
