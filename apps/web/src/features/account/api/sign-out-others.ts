import { accountPaths } from '@app/contracts/account-paths';
import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** Ends every other session of the member (the security page). */
export const signOutOthers = () =>
  request(accountPaths.signOutOthers, {
    schema: descriptionResponseSchema,
    method: 'POST',
  });
